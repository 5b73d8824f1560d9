/**
 * The consent placeholder's own labels, in English (issue 19; runtime/translations.ts lays the page's
 * language over them). The video and the media player both show the placeholder, so both tables
 * hold these keys.
 */
export const consentPromptTranslations = {
  /** The placeholder's group name ({name}: the platform's). */
  prompt: '{title}, video from {name}',
  /** What loads and from whom ({host}: the platform's address, {owner}: who runs it). */
  promptWhat: 'Playing this video loads the {name} player from {host}. {owner} may then set cookies and see that you watched it.',
  promptRemember: 'Remember my choice for {name}',
  /** The play button's text, then the part only a screen reader hears. */
  promptPlay: 'Play video',
  promptPlayTitle: ': {title}',
  promptAllowAll: 'Always allow videos',
  /** The link to the video on the platform's own site, and what a screen reader hears after it. */
  watchOnPlatform: 'Watch “{title}” on {name}',
  newTab: ' (opens in a new tab)',
  /** The platforms and who runs them, as the page's language writes them. */
  youtube: 'YouTube',
  youtubeOwner: 'Google',
  vimeo: 'Vimeo',
  vimeoOwner: 'Vimeo',
};

export type ConsentPromptTranslations = typeof consentPromptTranslations;
