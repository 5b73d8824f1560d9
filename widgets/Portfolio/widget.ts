import { fromPromise } from 'xstate';
import { portfolioMachine, SCROLL_OFFSET_PX } from '../../machines/portfolio/portfolio.machine';
import { defineSettings, setting } from '../../runtime/settings';
import { prefersReducedMotion } from '../../runtime/waypoint';
import { defineWidget, type ClientEnv } from '../../runtime/widget';
import { portfolioTranslations } from './portfolio.translations';
import { Portfolio, previewId, templateId, type PortfolioContent } from './Portfolio';

/** §3 Portfolio: its portfolio-id (templates and the preview are named after it). */
export const portfolioSettings = defineSettings('portfolio', {
  portfolioId: setting.string('portfolio'),
});

/** The adapters: read a preview template from the page, scroll to the preview, move focus. */
function adapters(env: ClientEnv) {
  const portfolioId = env.element.dataset.portfolioId ?? 'portfolio';
  const preview = () => env.element.ownerDocument.getElementById(previewId(portfolioId));
  return {
    actors: {
      readTemplate: fromPromise<string | null, { id: string }>(async ({ input }) => {
        const template = env.element.ownerDocument.getElementById(templateId(portfolioId, input.id));
        return template instanceof HTMLTemplateElement ? template.innerHTML : null;
      }),
    },
    actions: {
      // After the next paint: the preview is unhidden by the render this transition causes.
      scrollToPreview: () =>
        void env.clock.requestFrame(() => {
          const target = preview();
          const view = env.element.ownerDocument.defaultView;
          if (!target || !view) return;
          const top = target.getBoundingClientRect().top + view.scrollY - SCROLL_OFFSET_PX;
          view.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        }),
      focusPreview: () => preview()?.focus({ preventScroll: true }),
      focusItem: (_: unknown, params: { id: string | null }) =>
        env.element.querySelector<HTMLElement>(`[data-ajax-id="${CSS.escape(params.id ?? '')}"]`)?.focus(),
    },
  };
}

export default defineWidget({
  name: 'portfolio',
  settings: portfolioSettings,
  machine: portfolioMachine,
  input: (_s, content: PortfolioContent) => ({ entries: content.entries.map((e) => ({ id: e.id, categories: e.categories })) }),
  provide: adapters,
  translations: portfolioTranslations,
  View: Portfolio,
  // It answers clicks and the filter only: nothing to do before the visitor starts using the page.
  hydrate: 'idle',
});
