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
  const actor = createActor(widget.machine, { input: widget.input(parsed, content, buildEnv) });
  const html = Object.fromEntries(Object.entries(slots).map(([name, node]) => [name, renderToStaticMarkup(node)]));
  const View = widget.View;
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
          __html: renderToString(<View actorRef={actor} settings={parsed} content={content} slots={html} />, { identifierPrefix: islandId }),
        }}
      />
      {content === undefined ? null : (
        <script type="application/json" data-island-content="" dangerouslySetInnerHTML={{ __html: jsonForScript(content) }} />
      )}
    </>
  );
}

/** JSON that cannot close its <script> element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
