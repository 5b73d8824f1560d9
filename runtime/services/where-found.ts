import type { PageService } from '../services';

/**
 * A page service whose module loads only on a page that has its elements (issue 35, goal 4: a page
 * pays only for the services it uses). On a page without any, nothing is fetched. Where there are
 * some, the service starts once its module has arrived; stopped before that, it never starts. A
 * module that cannot load leaves the page as prerendered and says so once.
 */
export function whereFound(selector: string, service: Pick<PageService, 'name' | 'starts'>, load: () => Promise<PageService>): PageService {
  return {
    ...service,
    start(context) {
      if (!context.document.querySelector(selector)) return () => undefined;
      let stopped = false;
      let stop: (() => void) | undefined;
      load().then(
        (loaded) => {
          if (!stopped) stop = loaded.start(context);
        },
        (error: unknown) => console.warn(`[sitecharts] the ${service.name} page service could not load; the page stays as it is`, error),
      );
      return () => {
        stopped = true;
        stop?.();
      };
    },
  };
}
