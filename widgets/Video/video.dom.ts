import { formatParts, type Translations } from '../../runtime/translations';
import type { connectVideo, connectVideoMedia } from './video.connect';
import type { VideoTranslations } from './video.translations';
import { element, svgElement } from './dom-element';

/**
 * The elements the video's states add, for the DOM, built from the connect layer's props exactly as
 * Video.tsx renders them (tested equal, state by state, in behaviour.test.tsx): the poster and play
 * button (lazy), the notice with its retry (§9 fallback), the mobile image (no player) and the
 * player's commands (loaded). No React: the behaviour draws them (issue 35, goal 2).
 */

type VideoApi = ReturnType<typeof connectVideo>;
type VideoMedia = ReturnType<typeof connectVideoMedia>;

export interface VideoFacts {
  type: 'html5' | 'youtube' | 'vimeo';
  title: string;
  width: number;
  height: number;
  mobileImage: string;
}

/** The link the fallback and the mobile image give: the self-hosted file to download, or the original on its platform. */
export function videoLinkElement(document: Document, api: VideoApi, media: VideoMedia, facts: VideoFacts, t: Translations<VideoTranslations>): HTMLElement {
  const { title } = facts;
  if (facts.type === 'html5') return element(document, 'a', { href: media.firstSource, download: true }, ...formatParts(t.download, { title }));
  return element(
    document,
    'a',
    { href: media.original, target: '_blank', rel: 'noopener noreferrer' },
    ...formatParts(t.watchOnPlatform, { title, name: api.platform }),
    element(document, 'span', { className: 'visually-hidden' }, t.newTab),
  );
}

/** Platform A's poster under the play button. */
export function posterElement(document: Document, src: string, facts: VideoFacts): HTMLElement {
  return element(document, 'img', { className: 'video__poster', src, alt: '', width: facts.width, height: facts.height });
}

/** The play button over the poster (click to play), its icon hidden from screen readers. */
export function playButtonElement(document: Document, api: VideoApi): HTMLElement {
  const icon = svgElement(
    document,
    'svg',
    { viewBox: '0 0 48 48', width: '48', height: '48', 'aria-hidden': 'true', focusable: 'false' },
    svgElement(document, 'circle', { cx: '24', cy: '24', r: '23' }),
    svgElement(document, 'path', { d: 'M19 14 35 24 19 34z' }),
  );
  const button = element(document, 'button', { type: 'button', className: 'video__play', ...api.playProps });
  button.append(icon);
  return button;
}

/** §9: the player did not come; the link stands in and a retry is offered. */
export function noticeElement(document: Document, api: VideoApi, link: HTMLElement, t: Translations<VideoTranslations>): HTMLElement {
  return element(
    document,
    'div',
    { className: 'video__notice', role: 'status' },
    element(document, 'p', {}, t.failed),
    element(document, 'p', {}, link),
    element(document, 'button', { type: 'button', className: 'button button--quiet', ...api.retryProps }, t.retry),
  );
}

/** §4: on mobile with the fallback image, the image and the link instead of a player. */
export function mobileElement(document: Document, link: HTMLElement, facts: VideoFacts): HTMLElement {
  return element(
    document,
    'div',
    { className: 'video__mobile' },
    element(document, 'img', { src: facts.mobileImage, alt: facts.title, width: facts.width, height: facts.height }),
    element(document, 'p', {}, link),
  );
}

/** The player's commands under a loaded player: mute and loop as toggle buttons, restart, close. */
export function controlsElement(document: Document, api: VideoApi, t: Translations<VideoTranslations>): HTMLElement {
  return element(
    document,
    'div',
    { className: 'video__controls', ...api.controlsProps },
    element(document, 'button', api.muteProps, t.mute),
    element(document, 'button', api.loopProps, t.loop),
    element(document, 'button', api.restartProps, t.restart),
    element(document, 'button', api.closeProps, t.close),
  );
}
