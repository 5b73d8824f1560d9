import { fullscreenParallaxOffset } from '../../machines/slider/slider.rules';
import { pageScroll, type PageMetrics } from '../../runtime/page-scroll';
import { prefersReducedMotion } from './slide-media';

/**
 * §9 full-screen slider: the slides' background moves at 0.3 of the scroll (not on a phone, not with
 * reduced motion), drawn as `--parallax-y` on the slideshow. Written once, with no React: the view's
 * effect and the behaviour's `connect` both follow the scroll with it. Returns what stops it.
 */
export function followParallax(root: HTMLElement): () => void {
  const page = root.ownerDocument;
  const win = page.defaultView;
  if (!win || prefersReducedMotion() || page.documentElement.classList.contains('sc-mobile')) return () => undefined;
  // The page's one scroll source (runtime/page-scroll.ts) reads scrollY once per frame for every listener.
  const source = pageScroll(win);
  const draw = ({ y }: PageMetrics) => root.style.setProperty('--parallax-y', `${fullscreenParallaxOffset(y)}px`);
  draw(source.read());
  return source.subscribe(draw);
}
