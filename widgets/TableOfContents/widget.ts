import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { tableOfContentsMachine, type HeadingsFound } from '../../machines/table-of-contents/table-of-contents.machine';
import type { TocEntry } from '../../machines/table-of-contents/table-of-contents.rules';
import { aboveBandBottomMargin, inViewMargin } from '../../runtime/services/scroll-spy';
import { TOP_INSET_EVENT } from '../../runtime/top-inset';
import { defineWidget } from '../../runtime/widget';
import { TableOfContents } from './TableOfContents';
import { tableOfContentsSettings } from './table-of-contents.settings';

const HEADING_SELECTOR = 'h1, h2, h3, h4, h5, h6';

export default defineWidget({
  name: 'table-of-contents',
  settings: tableOfContentsSettings,
  machine: tableOfContentsMachine,
  input: (settings) => ({ levels: settings.levels }),
  provide: ({ element, warn }) => {
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
  },
  View: TableOfContents,
  hydrate: 'idle',
});
