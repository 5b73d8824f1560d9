/** The DOM event the smooth-scroll service dispatches on the document when a scroll starts (the burger closes on it). */
export const SCROLL_START_EVENT = 'sitecharts:scroll-start';
