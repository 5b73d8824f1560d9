import { PLATFORM_LABELS, type VideoPlatform } from '../../machines/cookie-consent/cookie-consent.rules';
import { format, formatParts, type Translations } from '../../runtime/translations';
import type { ConsentPromptTranslations } from './consent-prompt.translations';

/** What a click on "Play video" reads: the button, inside the prompt that holds the "remember" box. */
export interface GrantInput {
  currentTarget: Element;
}

/** Whether the prompt's "remember" box is ticked: read at the click (an uncontrolled box the server renders). */
function rememberTicked(event: GrantInput): boolean {
  const box = event.currentTarget.closest('.consent-prompt')?.querySelector<HTMLInputElement>('input[name="remember"]');
  return box?.checked ?? false;
}

/**
 * Issue 19, §5: the consent placeholder as a named group (the video's title and platform) holding
 * what will load and from whom, a "remember" box, and two native buttons: play this video (consent
 * to its platform, remembered as the box says) and always allow videos. The widget showing it (the
 * video, the media player) says what each answer sends.
 */
export function connectConsentPrompt(
  prompt: { platform: VideoPlatform; title: string; onGrant(remember: boolean): void; onGrantAll(): void },
  t: Translations<ConsentPromptTranslations>,
) {
  const { platform, title } = prompt;
  const name = t[platform];
  return {
    groupProps: { role: 'group', 'aria-label': format(t.prompt, { title, name }) } as const,
    /** What will load and from whom: the same text nodes as the sentence written inline. */
    whatText: formatParts(t.promptWhat, { name, host: PLATFORM_LABELS[platform].host, owner: t[`${platform}Owner`] }),
    rememberProps: { type: 'checkbox', name: 'remember' } as const,
    rememberText: formatParts(` ${t.promptRemember}`, { name }),
    playProps: { type: 'button', onClick: (event: GrantInput) => prompt.onGrant(rememberTicked(event)) } as const,
    /** The play button's title, for a screen reader only. */
    playTitle: formatParts(t.promptPlayTitle, { title }),
    allowAllProps: { type: 'button', onClick: () => prompt.onGrantAll() } as const,
    /** The link to the video on its platform: its text, then what a screen reader hears after it. */
    originalText: formatParts(t.watchOnPlatform, { title, name }),
  };
}
