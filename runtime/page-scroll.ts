/**
 * The one scroll-and-resize source every page behaviour listens to (issue 6): passive listeners
 * that only mark the frame dirty, and one requestAnimationFrame per frame that reads the scroll
 * position and viewport size once and hands them to every subscriber. No subscriber runs on the
 * raw event, so nothing forces layout on every scroll.
 */
export interface PageMetrics {
  /** window.scrollY */
  y: number;
  /** The viewport's width and height (innerWidth, innerHeight). */
  width: number;
  height: number;
}

export interface PageChange {
  scrolled: boolean;
  resized: boolean;
}

export type PageListener = (metrics: PageMetrics, change: PageChange) => void;

export interface PageScrollSource {
  /** The metrics of the last frame (read now if no frame has run yet). */
  read(): PageMetrics;
  subscribe(listener: PageListener): () => void;
  stop(): void;
}

const sources = new WeakMap<Window, PageScrollSource>();

/** The page's shared source, created on first use. */
export function pageScroll(win: Window): PageScrollSource {
  let source = sources.get(win);
  if (!source) {
    source = createPageScrollSource(win);
    sources.set(win, source);
  }
  return source;
}

function createPageScrollSource(win: Window): PageScrollSource {
  const listeners = new Set<PageListener>();
  const measure = (): PageMetrics => ({ y: win.scrollY, width: win.innerWidth, height: win.innerHeight });
  let metrics: PageMetrics | undefined;
  let frame: number | undefined;
  const pending: PageChange = { scrolled: false, resized: false };

  const flush = () => {
    frame = undefined;
    metrics = measure();
    const change = { ...pending };
    pending.scrolled = false;
    pending.resized = false;
    for (const listener of [...listeners]) listener(metrics, change);
  };
  const schedule = (kind: keyof PageChange) => () => {
    pending[kind] = true;
    // The browser's frame, not the clock's (design.md invariant 3 names this file): it only batches the
    // reads. What a machine reacts to is the event a subscriber sends with the values read here
    // (`page.scroll` with y), which the recorder keeps with the clock's time; a paused clock must not
    // stop the header from following a scroll the visitor makes.
    frame ??= win.requestAnimationFrame(flush);
  };
  const onScroll = schedule('scrolled');
  const onResize = schedule('resized');
  win.addEventListener('scroll', onScroll, { passive: true });
  win.addEventListener('resize', onResize, { passive: true });

  return {
    read: () => (metrics ??= measure()),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      win.removeEventListener('scroll', onScroll);
      win.removeEventListener('resize', onResize);
      if (frame !== undefined) win.cancelAnimationFrame(frame);
      listeners.clear();
      sources.delete(win);
    },
  };
}

/** prefers-reduced-motion: reduce. */
export function prefersReducedMotion(win: Window): boolean {
  return win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
