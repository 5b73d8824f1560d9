import { defineSettings, setting } from '../../runtime/settings';

/** §3 Portfolio: its portfolio-id (templates and the preview are named after it). */
export const portfolioSettings = defineSettings('portfolio', {
  portfolioId: setting.string('portfolio'),
});
