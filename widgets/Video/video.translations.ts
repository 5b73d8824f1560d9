import { consentPromptTranslations } from './consent-prompt.translations';

/** The video's own labels, in English (runtime/translations.ts lays the page's language over them). */
export const videoTranslations = {
  ...consentPromptTranslations,
  /** The play button over the poster, once the platform may load. */
  play: 'Play video: {title}',
  /** The player's group name: a self-hosted video, or a platform's ({platform}: its name). */
  player: '{title}, video player',
  platformPlayer: '{title}, {platform} player',
  /** A self-hosted video's file. */
  download: 'Download “{title}”',
  /** The player did not come (a blocked or failed platform script). */
  failed: 'The player did not load.',
  retry: 'Try again',
  /** The custom commands under a loaded player. */
  commands: 'Player commands: {title}',
  mute: 'Mute',
  loop: 'Loop',
  restart: 'Restart',
  close: 'Close player',
};

export type VideoTranslations = typeof videoTranslations;
