import { fromCallback, fromPromise, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { tableOfContentsMachine, type HeadingsFound } from '../../machines/table-of-contents/table-of-contents.machine';
import type { TocEntry } from '../../machines/table-of-contents/table-of-contents.rules';
import { drawProps, listenTo } from '../../runtime/connect';
import { aboveBandBottomMargin, inViewMargin } from '../../runtime/services/scroll-spy';
import { TOP_INSET_EVENT } from '../../runtime/top-inset';
import { defineBehaviour, type ClientEnv } from '../../runtime/widget';
import type { TableOfContentsContent } from './TableOfContents';
import { connectTableOfContents } from './table-of-contents.connect';
import { tableOfContentsSettings } from './table-of-contents.settings';

const HEADING_SELECTOR = 'h1, h2, h3, h4, h5, h6';
const ROOT = ':scope > .toc';
const LIST = ':scope > .toc__list';
const LINK = ':scope > a';

type Snapshot = SnapshotFrom<typeof tableOfContentsMachine>;

/** A style object as React writes it into the markup: `margin-inline-start:1rem`. */
function styleText(style: Readonly<Record<string, string>>): string {
  return Object.entries(style)
    .map(([name, value]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}:${value}`)
    .join(';');
}

/**
 * Draws a state on the prerendered contents as TableOfContents.tsx renders it: shown or hidden, the
 * entries, and the current one. The entries are the ones the build listed until the headings are
 * read, and usually the same ones after; where the machine found others (a page edited by script,
 * an exclude setting the build cannot apply), each item is written as the view writes it, so that no
 * state needs the view.
 */
export function drawTableOfContents(element: HTMLElement, snapshot: Snapshot, content: TableOfContentsContent) {
  const root = element.querySelector(ROOT);
  const list = root?.querySelector(LIST);
  if (!root || !list) return;
  const api = connectTableOfContents(snapshot, () => undefined, content.entries);
  drawProps(root, api.rootProps);
  api.entries.forEach((entry, index) => {
    const item = list.children[index] ?? list.appendChild(newItem(element.ownerDocument));
    const { style } = api.getItemProps(entry);
    if (item.getAttribute('style') !== styleText(style)) item.setAttribute('style', styleText(style));
    const link = item.querySelector(LINK);
    if (!link) return;
    drawProps(link, api.getLinkProps(entry));
    if (link.textContent !== entry.text) link.textContent = entry.text;
  });
  while (list.children.length > api.entries.length) list.lastElementChild?.remove();
}

/** An entry's item as the view renders it, before its attributes and text are drawn. */
function newItem(document: Document): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'toc__item';
  item.append(document.createElement('a'));
  return item;
}

/**
 * A click on an entry's link, sent to the machine as the view's handler sends it. The link keeps its
 * own navigation: the page's smooth scroll (runtime/services/smooth-scroll.ts) scrolls to the heading
 * and writes the hash, as it does for the view's links.
 */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof tableOfContentsMachine>, content: TableOfContentsContent): () => void {
  return listenTo(element, {
    click: (event) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      const links = [...element.querySelectorAll(`${ROOT} > .toc__list > .toc__item > a`)];
      const api = connectTableOfContents(actor.getSnapshot(), actor.send, content.entries);
      const entry = link ? api.entries[links.indexOf(link)] : undefined;
      if (entry) api.getLinkProps(entry).onClick();
    },
  });
}

/** The page's headings (readHeadings), each listed one watched in and out of the in-view band (watchSections), and ids given to those that lack one. */
function pageAdapters({ element, warn }: ClientEnv) {
  const settings = tableOfContentsSettings.parse({ ...element.dataset }, warn);
  const document = element.ownerDocument;
  let listed: HTMLElement[] = [];
  return {
    actors: {
      readHeadings: fromPromise<HeadingsFound>(async () => {
        const scope = document.querySelector(settings.scope) ?? document.body;
        const isExcluded = (heading: Element) => {
          try {
            return heading.matches(settings.exclude) || element.contains(heading);
          } catch {
            return element.contains(heading);
          }
        };
        const found = [...scope.querySelectorAll<HTMLElement>(HEADING_SELECTOR)].map((heading) => ({
          element: heading,
          heading: { level: Number(heading.tagName.slice(1)), text: heading.textContent ?? '', id: heading.id, excluded: isExcluded(heading) },
        }));
        listed = found.filter((f) => !f.heading.excluded && settings.levels.includes(f.heading.level)).map((f) => f.element);
        const takenIds = [...document.querySelectorAll('[id]')].map((e) => e.id);
        return { headings: found.map((f) => f.heading), takenIds };
      }),
      watchSections: fromCallback<EventObject, { entries: TocEntry[] }>(({ sendBack, input }) => {
        if (typeof IntersectionObserver !== 'function') return undefined;
        // Each listed heading itself (issue 20.5: a section holding several headings named only the last).
        const ids = new Map<Element, string>();
        input.entries.forEach((entry, i) => {
          const heading = listed[i];
          if (heading) ids.set(heading, entry.id);
        });
        const watchBand = () =>
          new IntersectionObserver(
            (records) =>
              records.forEach((r) => {
                const id = ids.get(r.target);
                if (id) sendBack({ type: r.isIntersecting ? 'section.enter' : 'section.leave', id });
              }),
            { rootMargin: inViewMargin(document) },
          );
        let band = watchBand();
        // Above the band's bottom, with room above the viewport: a heading cannot jump over this line unseen.
        const line = new IntersectionObserver(
          (records) =>
            records.forEach((r) => {
              const id = ids.get(r.target);
              if (id) sendBack({ type: 'heading.line', id, above: r.isIntersecting });
            }),
          { rootMargin: aboveBandBottomMargin(document) },
        );
        ids.forEach((_, target) => {
          band.observe(target);
          line.observe(target);
        });
        // The band starts below what is stuck at the top: made again when that changes height.
        const rewatch = () => {
          band.disconnect();
          band = watchBand();
          ids.forEach((_, target) => band.observe(target));
        };
        document.addEventListener(TOP_INSET_EVENT, rewatch);
        return () => {
          document.removeEventListener(TOP_INSET_EVENT, rewatch);
          band.disconnect();
          line.disconnect();
        };
      }),
    },
    actions: {
      assignHeadingIds: (_: unknown, { entries }: { entries: TocEntry[] }) => {
        entries.forEach((entry, i) => {
          const heading = listed[i];
          if (heading && !heading.id) heading.id = entry.id;
        });
      },
    },
  };
}

/**
 * The table of contents without its view (issue 35, goal 2): shown or hidden, its entries and the
 * current one are a few attributes on the prerendered list (its entries the build wrote, issue 31
 * item 19), so the behaviour follows the reader and answers a first tap on an entry itself
 * (`answersInput` in widgets/registry.ts), with no React.
 */
export default defineBehaviour({
  name: 'table-of-contents',
  settings: tableOfContentsSettings,
  machine: tableOfContentsMachine,
  input: (settings, _content: TableOfContentsContent) => ({ levels: settings.levels }),
  provide: pageAdapters,
  bind: drawTableOfContents,
  connect: listen,
  hydrate: 'idle',
});
