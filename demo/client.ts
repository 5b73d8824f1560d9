import { boot } from '../runtime/boot';
import { widgets } from '../widgets/registry';
import { cookieConsent } from './services/cookie-consent';
import { languageLink } from './services/language-link';
import './styles/site.css';

// Every widget's stylesheet ships with the page, so prerendered islands look right before (and
// without) hydration; their scripts stay lazy.
import.meta.glob('../widgets/*/*.css', { eager: true });

void boot({ registry: widgets, services: [languageLink, cookieConsent] });
