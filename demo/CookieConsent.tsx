import { PLATFORM_LABELS, VIDEO_PLATFORMS } from '../machines/cookie-consent/cookie-consent.rules';

/**
 * The privacy settings dialog (§5, issue 19), prerendered into every page by the shell and driven by
 * the cookie-consent page service (services/cookie-consent.ts). There is no banner: consent is asked
 * in each video's placeholder, and this dialog, opened from the footer's "Privacy settings", is
 * where the visitor reviews or withdraws it. It is part of the shell, so it stays in English on
 * every page (the placeholders, which are the widgets', speak the page's language).
 */
export function CookieConsent({ lang }: { lang?: 'en' }) {
  // Written in English like the rest of the shell; on a page in another language it says so (WCAG 3.1.2).
  return (
    <div className="cookie-consent" data-cookie-consent="" lang={lang}>
      <dialog className="cookie-dialog" aria-labelledby="cookie-dialog-title" data-cookie-dialog="">
        <form method="dialog" data-cookie-form="">
          <h2 id="cookie-dialog-title">Privacy settings</h2>
          <p>
            This site sets one essential cookie, only to remember these choices. Videos from other sites load only with your
            consent; those sites then set their own cookies.
          </p>
          <p>
            “Report a problem” sends nothing until you press Send. A report holds your words and a recording of what the page did:
            the buttons and links you used, with what you typed replaced by x and 0 (the weight on the dosing guide is kept, as the
            table needs it), the page address, your screen size and whether it is a phone. No cookie, no IP address. Reports are
            deleted after 30 days; one whose words carry your email address is erased with your messages when you ask us.
          </p>
          <fieldset>
            <legend>Allow</legend>
            <label>
              <input type="checkbox" name="essential" /> Essential cookie (remembers your choices)
            </label>
            {VIDEO_PLATFORMS.map((platform) => (
              <label key={platform}>
                <input type="checkbox" name="platform" value={platform} /> Videos from {PLATFORM_LABELS[platform].name}
              </label>
            ))}
          </fieldset>
          <div className="cookie-dialog__actions">
            <button type="submit" className="button" value="save">
              Save settings
            </button>
            <button type="button" className="button button--secondary" data-consent-accept="">
              Allow all videos
            </button>
            <button type="button" className="button button--secondary" data-consent-refuse="">
              Refuse all
            </button>
            <button type="button" className="button button--secondary" data-consent-close="">
              Cancel
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}

/** The footer's way to the settings, on every page (shown with scripts: without them nothing can ask). */
export function CookieSettingsLink() {
  return (
    <p className="cookie-consent__reopen" data-consent-reopen="">
      <button type="button" className="link-button" data-consent-settings="">
        Privacy settings
      </button>
    </p>
  );
}
