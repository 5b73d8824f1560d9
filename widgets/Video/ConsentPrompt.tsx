import type { MouseEvent } from 'react';
import { PLATFORM_LABELS, type VideoPlatform } from '../../machines/cookie-consent/cookie-consent.rules';
import { format, formatParts, type Translations } from '../../runtime/translations';
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

/** Whether the prompt's "remember" box is ticked: read from the DOM at the click (an uncontrolled box). */
function rememberTicked(event: MouseEvent<HTMLButtonElement>): boolean {
  const box = event.currentTarget.closest('.consent-prompt')?.querySelector<HTMLInputElement>('input[name="remember"]');
  return box?.checked ?? false;
}

/**
 * Issue 19, §5: consent asked where it matters. A platform video's placeholder shows the poster,
 * what will load and from whom, and two actions: play this video (consent to its platform, for this
 * visit or remembered, as the box says) and always allow videos. Prerendered as is; without
 * scripts (`.sc-no-js`) the actions are hidden and the link to the original remains.
 */
export function ConsentPrompt({ platform, title, poster, original, onGrant, onGrantAll, translations: t }: Props) {
  const { host } = PLATFORM_LABELS[platform];
  const name = t[platform];
  const owner = t[`${platform}Owner`];
  return (
    <div className="consent-prompt" role="group" aria-label={format(t.prompt, { title, name })}>
      {poster ? <img className="consent-prompt__poster" src={poster} alt="" /> : null}
      <div className="consent-prompt__body">
        <p className="consent-prompt__what">{formatParts(t.promptWhat, { name, host, owner })}</p>
        <label className="consent-prompt__remember">
          <input type="checkbox" name="remember" />
          {formatParts(` ${t.promptRemember}`, { name })}
        </label>
        <div className="consent-prompt__actions">
          <button type="button" className="button" onClick={(event) => onGrant(rememberTicked(event))}>
            {t.promptPlay}
            <span className="visually-hidden">{formatParts(t.promptPlayTitle, { title })}</span>
          </button>
          <button type="button" className="button button--secondary" onClick={onGrantAll}>
            {t.promptAllowAll}
          </button>
        </div>
        {original ? (
          <p className="consent-prompt__original">
            <a href={original} target="_blank" rel="noopener noreferrer">
              {formatParts(t.watchOnPlatform, { title, name })}
              <span className="visually-hidden">{t.newTab}</span>
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
