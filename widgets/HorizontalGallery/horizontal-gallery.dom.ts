import type { SliderEvent, StripLayout } from '../../machines/slider/slider.machine';

/**
 * Where the strip's items sit now, each from the strip's start (React-free: the view and the
 * behaviour both measure with it). Read from their boxes, not offsetLeft: a transformed strip becomes
 * its items' offsetParent, so offsetLeft counts from the section before the strip first slides and
 * from the strip after; the boxes of the strip and its items slide together.
 */
export function measureStrip(viewport: HTMLElement, strip: HTMLElement): StripLayout {
  const start = strip.getBoundingClientRect().left;
  return {
    viewport: viewport.clientWidth,
    strip: strip.scrollWidth,
    items: [...strip.children].map((item) => (item instanceof HTMLElement ? { left: item.getBoundingClientRect().left - start, width: item.offsetWidth } : { left: 0, width: 0 })),
  };
}

const same = (a: StripLayout | null, b: StripLayout) => a !== null && JSON.stringify(a) === JSON.stringify(b);

interface Measured {
  send(event: SliderEvent): void;
  getSnapshot(): { context: { layout: StripLayout | null } };
}

/**
 * Sends the strip's layout to the machine (`view.measure`) now and whenever the viewport or the
 * strip changes size (a turned phone, a wider window), only when it differs from what the machine
 * holds: the centring is drawn from the machine's state, so a replay of its events draws it too.
 * Returns what stops watching.
 */
export function watchStrip(viewport: HTMLElement, strip: HTMLElement, actor: Measured): () => void {
  const measure = () => {
    const layout = measureStrip(viewport, strip);
    if (!same(actor.getSnapshot().context.layout, layout)) actor.send({ type: 'view.measure', layout });
  };
  measure();
  const view = viewport.ownerDocument.defaultView;
  if (!view || typeof view.ResizeObserver !== 'function') return () => undefined;
  const observer = new view.ResizeObserver(measure);
  observer.observe(viewport);
  observer.observe(strip);
  return () => observer.disconnect();
}
