/** jsdom has no IntersectionObserver; this stand-in lets the test say when the island is on screen. */
export class StubIntersectionObserver {
  static last: StubIntersectionObserver | undefined;
  readonly observed = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    StubIntersectionObserver.last = this;
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  /** The browser reports the element's intersection. */
  report(element: Element, isIntersecting: boolean) {
    const entry = { target: element, isIntersecting } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}
