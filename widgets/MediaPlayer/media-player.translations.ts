import { consentPromptTranslations } from '../Video/consent-prompt.translations';

/** The media player's own labels, in English (runtime/translations.ts lays the page's language over them). */
export const mediaPlayerTranslations = {
  /** A video-site source shows the consent placeholder (issue 19) until its platform may load. */
  ...consentPromptTranslations,
  /** The group of custom controls. */
  controls: '{title}: player controls',
  play: 'Play {title}',
  pause: 'Pause {title}',
  seek: 'Seek',
  /** The seek slider's spoken value. */
  position: '{time} of {duration}',
  mute: 'Mute',
  volume: 'Volume',
  /** §5: a video-site source has no file to download; its link opens the original page. */
  watchOn: 'Watch “{title}” on YouTube',
  /** §8: the download link, with the file's type (or "file" without one). */
  download: 'Download “{title}” ({type})',
  file: 'file',
  /**
   * The player's own errors, shown in the §8 alert (the adapters report them; the video site's
   * "Code N: message" texts are the spec's own, in media-player.rules.ts).
   */
  mediaFailed: 'The media could not be played.',
  noStreaming: 'This browser cannot play streaming video.',
  streamFailed: 'The stream could not be played ({details}).',
  streamPlayerFailed: 'The streaming player could not be loaded.',
  needsWindow: 'The video site player needs a browser window.',
  noElement: 'The player element is missing.',
  /** Issue 31: under the §8 error, starts the player again. */
  retry: 'Try again',
};

export type MediaPlayerTranslations = typeof mediaPlayerTranslations;
