import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { portfolioMachine, SCROLL_OFFSET_PX, type PortfolioEvent } from '../../machines/portfolio/portfolio.machine';
import { drawProps } from '../../runtime/connect';
import { translate } from '../../runtime/translations';
import { prefersReducedMotion } from '../../runtime/waypoint-watch';
import { defineBehaviour, type ClientEnv } from '../../runtime/widget';
import type { PortfolioContent } from './Portfolio';
import { connectPortfolio, navLinkOf, previewId, templateId } from './portfolio.connect';
import { portfolioSettings } from './portfolio.settings';
import { portfolioTranslations } from './portfolio.translations';

/** The island's own parts (a preview's content may hold other islands). */
const ROOT = ':scope > .portfolio';
const FILTERS = ':scope > .portfolio__filters > .portfolio__filter';
const ENTRIES = ':scope > .portfolio__grid > .portfolio__entry';
const OPEN = ':scope > .portfolio__open';
const PREVIEW = ':scope > .portfolio__preview';
const NAV_LINK = ':scope > .portfolio__preview > .portfolio__nav > a';
const CONTENT = ':scope > .portfolio__content';

/** The adapters: read a preview template from the page, scroll to the preview, move focus. */
function adapters(env: ClientEnv) {
  const { portfolioId } = portfolioSettings.parse(env.element.dataset, env.warn);
  const preview = () => env.element.ownerDocument.getElementById(previewId(portfolioId));
  return {
    actors: {
      readTemplate: fromPromise<string | null, { id: string }>(async ({ input }) => {
        const template = env.element.ownerDocument.getElementById(templateId(portfolioId, input.id));
        return template instanceof HTMLTemplateElement ? template.innerHTML : null;
      }),
    },
    actions: {
      // After the next paint: the preview is unhidden by the render (or the drawing) this transition causes.
      scrollToPreview: () =>
        void env.clock.requestFrame(() => {
          const target = preview();
          const view = env.element.ownerDocument.defaultView;
          if (!target || !view) return;
          const top = target.getBoundingClientRect().top + view.scrollY - SCROLL_OFFSET_PX;
          view.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        }),
      focusPreview: () => preview()?.focus({ preventScroll: true }),
      focusItem: (_: unknown, params: { id: string | null }) =>
        [...env.element.querySelectorAll<HTMLElement>('[data-ajax-id]')].find((item) => item.dataset.ajaxId === params.id)?.focus(),
    },
  };
}

type Snapshot = SnapshotFrom<typeof portfolioMachine>;

/** The view's connect layer over the island's content and portfolio-id (the runtime parsed the settings already and warned: quiet here). */
const connect = (element: HTMLElement, snapshot: Snapshot, send: (event: PortfolioEvent) => void, content: PortfolioContent) =>
  connectPortfolio(snapshot, send, translate(portfolioTranslations, content.translations), content, portfolioSettings.parse(element.dataset, () => undefined).portfolioId);

/** The entry each island's preview content was drawn for: the view's `key`, on which React makes the element anew. */
const drawnEntry = new WeakMap<HTMLElement, string | null>();

/**
 * Draws a state on the prerendered portfolio as Portfolio.tsx renders it (portfolio.connect.ts):
 * the pressed filter, the entries it hides, the open entry's button, the preview (shown, named after
 * its entry, its transition) with the template's HTML the machine read, and the state the CSS
 * animates on.
 */
export function drawPortfolio(element: HTMLElement, snapshot: Snapshot, content: PortfolioContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connect(element, snapshot, () => undefined, content);
  drawProps(root, api.rootProps);
  root.querySelectorAll(FILTERS).forEach((button, index) => {
    const filter = api.filters[index];
    if (filter) drawProps(button, api.getFilterProps(filter.slug));
  });
  root.querySelectorAll(ENTRIES).forEach((entry) => {
    const open = entry.querySelector<HTMLElement>(OPEN);
    const id = open?.dataset.ajaxId;
    if (!open || id === undefined) return;
    drawProps(entry, api.getEntryProps(id));
    drawProps(open, api.getOpenProps(id));
  });
  const preview = root.querySelector(PREVIEW);
  if (!preview) return;
  drawProps(preview, api.previewProps);
  const shown = preview.querySelector(CONTENT);
  if (!shown) return;
  // Until the first change, the entry the prerender drew: none.
  if ((drawnEntry.get(element) ?? null) !== api.current) {
    const fresh = shown.cloneNode(false) as Element;
    fresh.innerHTML = api.html;
    shown.replaceWith(fresh);
  } else if (shown.innerHTML !== api.html) shown.innerHTML = api.html;
  drawnEntry.set(element, api.current);
}

/** Clicks on the filters, the entries and the preview's links, sent to the machine as the view's handlers send them (Enter and Space are the buttons' and links' own). */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof portfolioMachine>, content: PortfolioContent): () => void {
  const root = element.querySelector(ROOT);
  if (!root) return () => undefined;
  const filters = [...root.querySelectorAll(FILTERS)];
  const entries = [...root.querySelectorAll(ENTRIES)].map((entry) => entry.querySelector<HTMLElement>(OPEN));
  const links = [...root.querySelectorAll(NAV_LINK)];
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const api = connect(element, actor.getSnapshot(), actor.send, content);
    const filter = api.filters[filters.findIndex((button) => button.contains(target))];
    const open = entries.find((button) => button?.contains(target));
    const which = navLinkOf(links.find((link) => link.contains(target))?.getAttribute('href') ?? null);
    if (filter) api.getFilterProps(filter.slug).onClick();
    else if (open?.dataset.ajaxId !== undefined) api.getOpenProps(open.dataset.ajaxId).onClick();
    else if (which) api.getNavLinkProps(which).onClick(event);
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}

/**
 * The portfolio without its view (issue 35, goal 2): its states are a filter pressed, entries
 * hidden, one entry's preview shown with its template's HTML, and the state the CSS animates on,
 * which the prerendered markup shows with a few attributes and the preview's content. So the
 * behaviour answers the visitor itself (`answersInput` in widgets/registry.ts), as the tabs' does.
 */
export default defineBehaviour({
  name: 'portfolio',
  settings: portfolioSettings,
  machine: portfolioMachine,
  input: (_s, content: PortfolioContent) => ({ entries: content.entries.map((e) => ({ id: e.id, categories: e.categories })) }),
  provide: adapters,
  translations: portfolioTranslations,
  bind: drawPortfolio,
  connect: listen,
  // It answers clicks and the filter only: nothing to do before the visitor starts using the page.
  hydrate: 'idle',
});
