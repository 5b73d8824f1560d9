import type { SnapshotFrom } from 'xstate';
import { originalUrl, posterUrl, type PosterQuality, type VideoKind } from '../../machines/video/video.rules';
import type { videoMachine, VideoEvent } from '../../machines/video/video.machine';
import { format, type Translations } from '../../runtime/translations';
import type { VideoTranslations } from './video.translations';

type Snapshot = SnapshotFrom<typeof videoMachine>;
export type VideoPhase = 'pending' | 'blocked' | 'noPlayer' | 'lazy' | 'loading' | 'loaded' | 'fallback';

function phaseOf(snapshot: Snapshot): VideoPhase {
  if (snapshot.matches({ mounted: 'blocked' })) return 'blocked';
  if (snapshot.matches({ mounted: 'noPlayer' })) return 'noPlayer';
  if (snapshot.matches({ mounted: 'lazy' })) return 'lazy';
  if (snapshot.matches({ mounted: { active: 'loading' } })) return 'loading';
  if (snapshot.matches({ mounted: { active: 'loaded' } })) return 'loaded';
  if (snapshot.matches({ mounted: 'fallback' })) return 'fallback';
  return 'pending';
}

/**
 * §4 Video, §5 and issue 19: the player is a named group (focused when it comes); a named play
 * button over the poster (click to play); the consent placeholder's two answers; a retry after the
 * §9 fallback; the custom commands as a named group of buttons, mute and loop as toggle buttons
 * (`aria-pressed`). Every control is a native button: Enter and Space are its own, no key of ours.
 */
export function connectVideo(snapshot: Snapshot, send: (event: VideoEvent) => void, t: Translations<VideoTranslations>, video: { type: VideoKind; title: string }) {
  const phase = phaseOf(snapshot);
  const { muted, loop } = snapshot.context;
  const { type, title } = video;
  const platform = type === 'html5' ? '' : t[type];
  const play = () => send({ type: 'video.play' });
  return {
    phase,
    /** The figure's classes: the kind of video and its phase (video.css). */
    figureProps: { className: `video video--${type} video--${phase}` } as const,
    /** The platform's name in the page's language ('' for a self-hosted video). */
    platform,
    /** Whether the consent placeholder shows: a platform video until consent lets it load (issue 19). */
    asksConsent: type !== 'html5' && (phase === 'pending' || phase === 'blocked'),
    /** The player's box; a platform's shows only while its player loads or plays. */
    playerProps:
      type === 'html5'
        ? ({ tabIndex: -1, 'aria-label': format(t.player, { title }), role: 'group' } as const)
        : ({ tabIndex: -1, 'aria-label': format(t.platformPlayer, { title, platform }), role: 'group', hidden: phase !== 'loading' && phase !== 'loaded' } as const),
    /** The native controls come with the player, not over the poster. */
    videoControls: phase !== 'lazy',
    playProps: { 'aria-label': format(t.play, { title }), onClick: play } as const,
    consentProps: {
      onGrant: (remember: boolean) => send({ type: 'consent.grant', remember }),
      onGrantAll: () => send({ type: 'consent.grant.all' }),
    },
    retryProps: { onClick: play } as const,
    controlsProps: { role: 'group', 'aria-label': format(t.commands, { title }) } as const,
    muteProps: { type: 'button', 'aria-pressed': muted, onClick: () => send({ type: muted ? 'video.unmute' : 'video.mute' }) } as const,
    loopProps: { type: 'button', 'aria-pressed': loop, onClick: () => send({ type: 'video.loop', enabled: !loop }) } as const,
    restartProps: { type: 'button', onClick: () => send({ type: 'video.reset' }) } as const,
    closeProps: { type: 'button', onClick: () => send({ type: 'video.unload' }) } as const,
  };
}

/** What the video shows that its settings and content decide, whatever the state: the view and the behaviour read it alike. */
export function connectVideoMedia(
  settings: { type: VideoKind; video_id: string; original_url: string; poster_quality: PosterQuality; mobile_image: string; width: number; height: number },
  content: { sources?: ReadonlyArray<{ src: string }>; poster?: string },
) {
  const { type, video_id: videoId, width, height } = settings;
  return {
    /** The video's own page on its platform (the link in the placeholder, the fallback and the mobile image). */
    original: originalUrl(type, videoId, settings.original_url),
    /** Platform A's poster over the play button once consent lets it load (§7). */
    posterSrc: type === 'youtube' ? posterUrl(videoId, settings.poster_quality) : null,
    /** The placeholder's poster: a local image, never the platform's (issue 19). */
    promptPoster: content.poster ?? (settings.mobile_image || undefined),
    /** A self-hosted video's first file: the download link. */
    firstSource: content.sources?.[0]?.src ?? '',
    figureStyle: { maxWidth: `${width}px` },
    frameStyle: { aspectRatio: `${width} / ${height}` },
  };
}
