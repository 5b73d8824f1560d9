import { createContext, use, type ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createActor } from 'xstate';
import { attributeName } from '../settings';
import type { Hydration, RuntimeWidget, WidgetEnv } from '../widget';
import { createTestClock } from '../test-clock';

/**
 * The prerender half of an island. It writes the widget's settings as data-* attributes (exactly
 * what the client will parse), renders the view over an actor that is created but never started
 * (its initial snapshot, no timers, no effects), and writes the content the view needs as JSON
 * right after the island.
 */
export interface IslandProps {
  widget: RuntimeWidget;
  /** Settings as the page author writes them: the text of each data-* attribute. */
  settings?: Record<string, string | number | boolean>;
  content?: unknown;
  /** Rich content the view places with <Slot name=…>; prerendered to HTML here, read back from the DOM on the client. */
  slots?: Record<string, ReactNode>;
  hydrate?: Hydration;
  /** Extra attributes for the island element (id, className, aria-label). */
  id?: string;
  className?: string;
}

/** Collects which widgets a page uses, for the budget report. */
export const IslandCollector = createContext<Set<string> | null>(null);

/**
 * The labels of the page's language for a widget, by the widget's name (demo/render.tsx provides the
 * site's table for the page's lang around the page body; the shell, in English, gets none).
 */
export type TranslationLookup = (widget: string) => Readonly<Record<string, string>> | undefined;
export const IslandTranslations = createContext<TranslationLookup>(() => undefined);

/**
 * The island's content with the page language's labels as `translations`; keys the page wrote into
 * the content itself win. A widget without labels, or a page in English, keeps its content as is.
 */
export function withTranslations(content: unknown, widget: RuntimeWidget, lookup: TranslationLookup): unknown {
  const table = widget.translations ? lookup(widget.name) : undefined;
  if (!table) return content;
  if (content === undefined) return { translations: { ...table } };
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return content;
  const own = 'translations' in content && typeof content.translations === 'object' ? content.translations : {};
  return { ...content, translations: { ...table, ...own } };
}

/** One island as a page wrote it: the widget, the settings as attribute text, the content. */
export interface RecordedIsland {
  widget: RuntimeWidget;
  /** The island's settings as its data-* attributes carry them (dataset keys). */
  settings: Record<string, string>;
  content: unknown;
  id?: string;
}

/**
 * Set while recordIslands() renders: the build renders synchronously, so every Island rendered in
 * that call, the shell's included, reports itself here.
 */
let recorder: ((island: RecordedIsland) => void) | null = null;

/**
 * Every island `render` renders, as the pages write them (the replay catalog's inputs come from
 * here, tooling/replay/catalog/islands.ts), with what `render` returns.
 */
export function recordIslands<T>(render: () => T): { result: T; islands: RecordedIsland[] } {
  const islands: RecordedIsland[] = [];
  const previous = recorder;
  recorder = (island) => islands.push(island);
  try {
    return { result: render(), islands };
  } finally {
    recorder = previous;
  }
}

/** Islands numbered per page, so each view's useId values are the same at build and at hydration. */
const islandCounts = new WeakMap<object, number>();
const noCollector = {};
function nextIslandId(collector: object | null, widget: string): string {
  const key = collector ?? noCollector;
  const n = (islandCounts.get(key) ?? 0) + 1;
  islandCounts.set(key, n);
  return `${widget}-${n}-`;
}

const buildEnv: WidgetEnv = {
  clock: createTestClock(),
  random: () => 0,
  warn: (message) => console.warn(`[prerender] ${message}`),
};

/**
 * An island's view HTML is a function of its widget, id, settings, content and slots (the actor is
 * created from them, never started, with the build's fixed clock and random), so a page built after
 * another with the same island (the shell's search and newsletter form, on every page) takes the
 * HTML the first one rendered rather than create the actor and render the view again: half of a
 * plain page's render on the build's threads (issue 47). Only for content that is plain JSON data,
 * so that its JSON names it; a few per widget, as a page's shell holds few. A warning the widget's
 * input gives is printed for the first such island only; the settings' warnings, for every one.
 */
const viewHtml = new WeakMap<RuntimeWidget, Map<string, string>>();
const VIEWS_KEPT = 32;

/** Text, finite numbers, booleans, null, arrays and plain objects of them: what JSON gives back as it was. */
function isPlainData(value: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every((item) => isPlainData(item, depth + 1));
  if (typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && Object.values(value).every((item) => isPlainData(item, depth + 1));
}

function renderView(widget: RuntimeWidget, islandId: string, parsed: unknown, content: unknown, html: Record<string, string>, key: string | undefined): string {
  const kept = key === undefined ? undefined : viewHtml.get(widget);
  const known = key === undefined ? undefined : kept?.get(key);
  if (known !== undefined) return known;
  const actor = createActor(widget.machine, { input: widget.input(parsed, content, buildEnv) });
  const View = widget.View;
  const rendered = renderToString(<View actorRef={actor} settings={parsed} content={content} slots={html} />, { identifierPrefix: islandId });
  if (key !== undefined) {
    const views = kept ?? new Map<string, string>();
    if (views.size >= VIEWS_KEPT) views.clear();
    views.set(key, rendered);
    viewHtml.set(widget, views);
  }
  return rendered;
}

export function Island({ widget, settings = {}, content: authored, slots = {}, hydrate, id, className }: IslandProps) {
  const collector = use(IslandCollector);
  const content = withTranslations(authored, widget, use(IslandTranslations));
  collector?.add(widget.name);
  const islandId = nextIslandId(collector, widget.name);
  const attributes: Record<string, string> = {};
  const dataset: Record<string, string> = {};
  for (const [key, value] of Object.entries(settings)) {
    attributes[attributeName(key)] = String(value);
    dataset[key] = String(value);
  }
  recorder?.({ widget, settings: dataset, content, id });
  const parsed = widget.settings.parse(dataset, buildEnv.warn);
  const html = Object.fromEntries(Object.entries(slots).map(([name, node]) => [name, renderToStaticMarkup(node)]));
  const contentJson = content === undefined ? undefined : jsonForScript(content);
  const key = content === undefined || isPlainData(content) ? JSON.stringify([islandId, dataset, contentJson ?? null, html]) : undefined;
  return (
    <>
      {/* The view is its own React root, as on the client, so its useId values match at hydration. */}
      <div
        data-widget={widget.name}
        data-hydrate={hydrate ?? widget.hydrate}
        data-island-id={islandId}
        id={id}
        className={className}
        {...attributes}
        dangerouslySetInnerHTML={{
          __html: renderView(widget, islandId, parsed, content, html, key),
        }}
      />
      {contentJson === undefined ? null : (
        <script type="application/json" data-island-content="" dangerouslySetInnerHTML={{ __html: contentJson }} />
      )}
    </>
  );
}

/** JSON that cannot close its <script> element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
