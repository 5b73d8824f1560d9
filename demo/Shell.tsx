import { use, type ReactNode } from 'react';
import { CookieConsent, CookieSettingsLink } from './CookieConsent';
import { Island, IslandTranslations } from '../runtime/render/Island';
import { ProblemReportButton, ProblemReportDialog } from '../runtime/render/ProblemReport';
import { translate } from '../runtime/translations';
import ajaxForm from '../widgets/AjaxForm/widget';
import ajaxSearch from '../widgets/AjaxSearch/widget';
import { ajaxSearchTranslations } from '../widgets/AjaxSearch/ajax-search.translations';
import { problemReportLabelsFor, translationsFor } from './content/translations';
import { newsletterForm } from './content/forms';
import { LANGUAGE_LINK } from './services/language-link';
import { MenuContext } from './menu';
import { site } from './site';

/** Issue 19: Donate is the header's one call to action, after the menu and Language. */
const CALL_TO_ACTION = '/donate/';

/**
 * The frame every page shares (§1, §2): header with the main menu and the search field, the page,
 * and the footer whose inner container is #contact. §2's Language link, which the original appends
 * with JS, is prerendered and shown only when scripts run (`.sc-no-js` hides it): appending it at
 * load made the menu wrap and the page jump (issue 14). The page service still adds it to a page
 * rendered without it (services/language-link.ts).
 */
export function Shell({ current, lang = 'en', dir, children }: { current: string; lang?: string; dir?: 'ltr' | 'rtl'; children: ReactNode }) {
  const reportLabels = problemReportLabelsFor(lang);
  // The shell is written in English; on a page in another language it says so (WCAG 3.1.2).
  const shellLanguage = lang === 'en' ? {} : ({ lang: 'en' } as const);
  // Issue 49.4: the header search speaks the page's language (its table in content/translations.ts).
  const pageLanguage = lang === 'en' ? {} : ({ lang } as const);
  const searchLabels = translationsFor(lang);
  const search = translate(ajaxSearchTranslations, searchLabels('ajax-search'));
  const mainMenu = use(MenuContext);
  const menuLinks = mainMenu.filter((item) => item.href !== CALL_TO_ACTION);
  const callToAction = mainMenu.filter((item) => item.href === CALL_TO_ACTION);
  return (
    <>
      {/* Issue 31.14: in English on every page, so marked as such on a page in another language. */}
      <a className="skip-link" href="#main" {...shellLanguage}>
        Skip to content
      </a>
      <header className="site-header" id="header" data-sticky-header="" data-menu="closed" {...shellLanguage}>
        <div className="site-header__inner">
          <a className="brand" href="/" aria-label={`${site.name}, home`}>
            {/* Issue 49, goal 2: drawn in the page, not as an <img> of an SVG file, which Chromium
                renders as a document of its own in one main-thread task (the first on a page 22-57
                ms at 4x CPU; with the page's SVG icon, the only long tasks on some loads of /about/
                and /language/). */}
            <svg className="brand__logo" viewBox="0 0 64 64" width="44" height="44" aria-hidden="true" focusable="false">
              <rect width="64" height="64" rx="14" fill="#0b5e6b" />
              <path d="M28 14h8l3 34H25z" fill="#fffdf8" />
              <path d="M24 20h16v5H24z" fill="#f2b134" />
              <path d="M10 50c6-4 12-4 18 0s12 4 18 0 8-3 8-3v9H10z" fill="#8fd3cf" />
            </svg>
            <span className="brand__name">{site.name}</span>
          </a>
          {/* Issue 31.10 (WAI-ARIA disclosure navigation): the burger comes right before the menu it
              opens, so Tab from the open button moves into the menu. */}
          <button type="button" className="burger" data-burger="" aria-expanded="false" aria-controls="main-menu">
            <span className="burger__bars" aria-hidden="true" />
            <span className="burger__label">Menu</span>
          </button>
          <nav className="main-menu" id="main-menu" aria-label="Main">
            <ul className="main-menu__list" data-main-menu="">
              {menuLinks.map((item) => (
                <li key={item.href}>
                  <a href={item.href} aria-current={item.href === current ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              ))}
              <li className="main-menu__language">
                <a href={LANGUAGE_LINK.href} title={LANGUAGE_LINK.title} aria-current={LANGUAGE_LINK.href === current ? 'page' : undefined}>
                  {LANGUAGE_LINK.label}
                </a>
              </li>
              {callToAction.map((item) => (
                <li key={item.href} className="main-menu__cta">
                  <a href={item.href} aria-current={item.href === current ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {/* Issue 19: a search button opens the field (a native popover: Escape and a click outside close it, with or without JS). */}
          <button type="button" className="search-toggle" popoverTarget="site-search" aria-controls="site-search" {...pageLanguage}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <circle cx="10.5" cy="10.5" r="6.5" />
              <path d="m15.5 15.5 5 5" />
            </svg>
            <span className="search-toggle__label">{search.submit}</span>
          </button>
          <div className="search-panel" id="site-search" popover="auto" {...pageLanguage}>
            {/* §2 header search: live results as an island; with JS off, the plain GET /search/?s= form. */}
            <IslandTranslations value={searchLabels}>
              <Island widget={ajaxSearch} className="site-header__search" />
            </IslandTranslations>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
        {/* Inside main so it belongs to a landmark; it is fixed to the viewport by its CSS. */}
        <a className="scroll-top" href="#header" data-scroll-top="" {...shellLanguage}>
          Back to top
        </a>
      </main>
      <footer className="site-footer" data-curtain-footer="" data-curtain-max-height="70" {...shellLanguage}>
        <div className="site-footer__inner" id="contact">
          <section aria-labelledby="footer-visit">
            <h2 id="footer-visit">Visit us</h2>
            <address>
              {site.address.map((line) => (
                <span key={line}>
                  {line}
                  <br />
                </span>
              ))}
            </address>
          </section>
          <section aria-labelledby="footer-call">
            <h2 id="footer-call">Call or write</h2>
            <p>
              <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`}>{site.phone}</a>
              <br />
              <a href={`mailto:${site.email}`}>{site.email}</a>
              <br />
              <a href="/contact/">Send us a message</a>
            </p>
          </section>
          <section aria-labelledby="footer-newsletter">
            <h2 id="footer-newsletter">Newsletter</h2>
            <p>News from the day centre and family events, about once a month.</p>
            <Island widget={ajaxForm} content={{ form: newsletterForm }} hydrate="interaction" />
          </section>
          <section aria-labelledby="footer-hours">
            <h2 id="footer-hours">Opening hours</h2>
            <p>
              {site.hours.map((line) => (
                <span key={line}>
                  {line}
                  <br />
                </span>
              ))}
            </p>
          </section>
        </div>
        <p className="site-footer__note">
          © {site.name}. In an emergency call 911. For poisoning, call Poison Control at 1-800-222-1222.
        </p>
        <p className="site-footer__note">
          <a href="/widgets/">Widgets gallery</a> (for developers)
        </p>
        <CookieSettingsLink />
        {/* Issue 51: in the page's language, for the visitor describes their problem in it. */}
        <ProblemReportButton labels={reportLabels} lang={lang} />
      </footer>
      {/* Outside the footer: the curtain footer sits behind the page; the settings dialog must not. */}
      <CookieConsent {...shellLanguage} />
      <ProblemReportDialog labels={reportLabels} lang={lang} dir={dir} />
    </>
  );
}
