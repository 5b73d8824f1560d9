import type { SliderEvent } from '../../machines/slider/slider.machine';
import { MEDIUM_MAX_WIDTH, SMALL_MAX_WIDTH, timelinePerView } from '../../machines/slider/slider.rules';

/**
 * §9: a timeline follows the screen: sends how many items show for the window's width now, and again
 * whenever a width query changes (3, 2 on medium, 1 on small). React-free, so the carousel's view and
 * its behaviour send the same events; returns what stops it.
 */
export function followTimelineWidth(win: Window, send: (event: SliderEvent) => void): () => void {
  const update = () => send({ type: 'view.resize', perView: timelinePerView(win.innerWidth) });
  update();
  if (typeof win.matchMedia !== 'function') return () => undefined;
  const queries = [`(max-width: ${SMALL_MAX_WIDTH}px)`, `(max-width: ${MEDIUM_MAX_WIDTH}px)`].map((query) => win.matchMedia(query));
  for (const query of queries) query.addEventListener('change', update);
  return () => {
    for (const query of queries) query.removeEventListener('change', update);
  };
}
