import { createActor } from 'xstate';
import { DEFAULT_MAX_HEIGHT_PERCENT, buildCurtainFooterMachine } from '../../machines/curtain-footer/curtain-footer.machine';
import { pageScroll } from '../page-scroll';
import type { PageService } from '../services';
import { pageActorId } from '../ids';

/** `data-curtain-max-height` on the footer: a percent of the viewport, 1-100; anything else is the default, with one warning. */
export function readMaxHeightPercent(raw: string | undefined, warn: (message: string) => void = console.warn): number {
  if (raw === undefined || raw === '') return DEFAULT_MAX_HEIGHT_PERCENT;
  const value = Number(raw.replace('%', '').trim());
  if (Number.isFinite(value) && value > 0 && value <= 100) return value;
  warn(`[sitecharts] curtain-footer: data-curtain-max-height="${raw}" is not a percent from 1 to 100; using ${DEFAULT_MAX_HEIGHT_PERCENT}.`);
  return DEFAULT_MAX_HEIGHT_PERCENT;
}

/**
 * Issue 49.1 (WCAG 2.4.11, focus not obscured): focus that lands in the curtain while the page
 * still covers it (Tab from the page's last link, a script's focus) scrolls the page to its end,
 * where the footer shows whole in its own place. Nothing is lifted over the page: a `:focus-within`
 * z-index did that, and after a click in the footer (its newsletter field) the footer then stayed
 * over up to 70 % of the window as the visitor scrolled back up. Focus the visitor can see (a
 * click lands on what shows) moves nothing.
 */
function revealFocused(footer: HTMLElement, target: EventTarget | null, window: Window) {
  if (footer.dataset.curtain !== 'active' || !(target instanceof Element)) return;
  const box = target.getBoundingClientRect();
  const hit = footer.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  if (hit && footer.contains(hit)) return;
  window.scrollTo({ top: footer.ownerDocument.documentElement.scrollHeight, behavior: 'instant' });
}

/**
 * Curtain footer (§9): `[data-curtain-footer]` gets `data-curtain="active"` (CSS keeps it behind the
 * page, revealed as the page scrolls off it) while it fits in the max-height share of the viewport.
 */
export const curtainFooter: PageService = {
  name: 'curtain-footer',
  start({ document, window, clock, inspect }) {
    const footer = document.querySelector<HTMLElement>('[data-curtain-footer]');
    if (!footer) return () => undefined;
    const actor = createActor(
      buildCurtainFooterMachine().provide({
        actions: {
          measureFooter: () => queueMicrotask(() => actor.send({ type: 'footer.measured', footerHeight: footer.offsetHeight, viewportHeight: window.innerHeight })),
          applyCurtain: (_, { active }) => {
            footer.dataset.curtain = active ? 'active' : 'inactive';
          },
        },
      }),
      { input: { maxHeightPercent: readMaxHeightPercent(footer.dataset.curtainMaxHeight) }, id: pageActorId('curtain-footer'), clock, inspect },
    );
    actor.start();
    const unsubscribe = pageScroll(window).subscribe((_, { resized }) => resized && actor.send({ type: 'page.resize' }));
    const reveal = (event: FocusEvent) => revealFocused(footer, event.target, window);
    footer.addEventListener('focusin', reveal);
    return () => {
      footer.removeEventListener('focusin', reveal);
      unsubscribe();
      actor.stop();
    };
  },
};
