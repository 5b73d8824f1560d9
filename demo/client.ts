import { boot } from '../runtime/boot';
import { pageBehaviours } from '../runtime/services/page-behaviours';
import { vitals } from '../runtime/services/vitals';
import { problemReport } from '../runtime/services/problem-report';
import { behaviours, widgets } from '../widgets/registry';
import { donateApi } from '../widgets/DonateButton/donate-api';
import { cookieConsent } from './services/cookie-consent';
import { headerSearch } from './services/header-search';
import { languageLink } from './services/language-link';
import { sdkConfigDemo } from './services/sdk-config';
import './styles/site.css';
import './styles/sdk-config.css';
import './styles/behaviours.css';
import './styles/gallery.css';
import './styles/problem-report.css';

// Every widget's stylesheet ships with the page, so prerendered islands look right before (and
// without) hydration; their scripts stay lazy.
import.meta.glob('../widgets/*/*.css', { eager: true });

// Issue 35: field data from a sample of real visits (docs/running.md, "Field data").
void boot({
  registry: widgets,
  behaviours,
  services: [languageLink, ...pageBehaviours, headerSearch, cookieConsent, problemReport, donateApi, sdkConfigDemo, vitals({ samplePercent: import.meta.env.VITE_VITALS_SAMPLE_RATE as string | undefined })],
});
