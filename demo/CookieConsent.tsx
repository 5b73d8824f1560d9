/**
 * The cookie consent banner and its settings dialog (§5), prerendered into every page by the shell
 * and driven by the cookie-consent page service (services/cookie-consent.ts). Hidden without JS:
 * without JS no video embed can load, so there is nothing to consent to.
 */
export function CookieConsent() {
  return (
    <div className="cookie-consent" data-cookie-consent="">
      <section className="cookie-banner" aria-labelledby="cookie-banner-title" data-cookie-banner="" hidden>
        <h2 id="cookie-banner-title">Cookies and videos</h2>
        <p>
          We use one essential cookie to remember this choice. Videos from YouTube and Vimeo load only if you allow video
          embeds; those sites then set their own cookies.
        </p>
        <div className="cookie-banner__actions">
          <button type="button" className="button" data-consent-accept="">
            Accept all
          </button>
          <button type="button" className="button button--quiet" data-consent-refuse="">
            Refuse
          </button>
          <button type="button" className="button button--quiet" data-consent-settings="">
            Settings
          </button>
        </div>
      </section>
      <dialog className="cookie-dialog" aria-labelledby="cookie-dialog-title" data-cookie-dialog="">
        <form method="dialog" data-cookie-form="">
          <h2 id="cookie-dialog-title">Cookie settings</h2>
          <p>Choose what this site may store and load. You can change this at any time from the link at the foot of every page.</p>
          <fieldset>
            <legend>Allow</legend>
            <label>
              <input type="checkbox" name="essential" /> Essential cookies (remember your choices)
            </label>
            <label>
              <input type="checkbox" name="videoEmbeds" /> Video embeds (YouTube, Vimeo)
            </label>
          </fieldset>
          <div className="cookie-banner__actions">
            <button type="submit" className="button" value="save">
              Save settings
            </button>
            <button type="button" className="button button--quiet" data-consent-accept="">
              Accept all
            </button>
            <button type="button" className="button button--quiet" data-consent-close="">
              Cancel
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}

/** The footer's way back to the settings, shown once the visitor has answered the banner. */
export function CookieSettingsLink() {
  return (
    <p className="cookie-consent__reopen" hidden data-consent-reopen="">
      <button type="button" className="link-button" data-consent-settings="">
        Cookie settings
      </button>
    </p>
  );
}
