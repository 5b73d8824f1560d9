import type { VideoPlatform } from '../../machines/cookie-consent/cookie-consent.rules';
import type { Translations } from '../../runtime/translations';
import { connectConsentPrompt } from './consent-prompt.connect';
import type { ConsentPromptTranslations } from './consent-prompt.translations';

interface Props {
  platform: VideoPlatform;
  title: string;
  /** A local image (never the platform's: nothing may reach it before consent). */
  poster?: string;
  /** The platform's own page for the video, opened in a new tab; omitted where the widget shows it already. */
  original?: string;
  onGrant(remember: boolean): void;
  onGrantAll(): void;
  /** The labels in the page's language (the video's or the media player's table). */
  translations: Translations<ConsentPromptTranslations>;
}

/**
 * Issue 19, §5: consent asked where it matters. A platform video's placeholder shows the poster,
 * what will load and from whom, and two actions: play this video (consent to its platform, for this
 * visit or remembered, as the box says) and always allow videos. Prerendered as is; without
 * scripts (`.sc-no-js`) the actions are hidden and the link to the original remains.
 * ARIA and handlers: consent-prompt.connect.ts.
 */
export function ConsentPrompt({ poster, original, translations: t, ...prompt }: Props) {
  const api = connectConsentPrompt(prompt, t);
  return (
    <div className="consent-prompt" {...api.groupProps}>
      {poster ? <img className="consent-prompt__poster" src={poster} alt="" /> : null}
      <div className="consent-prompt__body">
        <p className="consent-prompt__what">{api.whatText}</p>
        <label className="consent-prompt__remember">
          <input {...api.rememberProps} />
          {api.rememberText}
        </label>
        <div className="consent-prompt__actions">
          <button {...api.playProps} className="button">
            {t.promptPlay}
            <span className="visually-hidden">{api.playTitle}</span>
          </button>
          <button {...api.allowAllProps} className="button button--secondary">
            {t.promptAllowAll}
          </button>
        </div>
        {original ? (
          <p className="consent-prompt__original">
            <a href={original} target="_blank" rel="noopener noreferrer">
              {api.originalText}
              <span className="visually-hidden">{t.newTab}</span>
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
