import type { SnapshotFrom } from 'xstate';
import type { mediaPlayerMachine, MediaPlayerEvent } from '../../machines/media-player/media-player.machine';
import { getExtension, secondsToTimeCode } from '../../machines/media-player/media-player.rules';
import type { KeyInput } from '../../runtime/connect';
import { format, type Translations } from '../../runtime/translations';
import type { MediaPlayerTranslations } from './media-player.translations';

type Snapshot = SnapshotFrom<typeof mediaPlayerMachine>;
export type Phase = 'pending' | 'download' | 'blocked' | 'playing' | 'paused' | 'failed';

export function phaseOf(snapshot: Snapshot): Phase {
  if (snapshot.matches('download')) return 'download';
  if (snapshot.matches({ mounted: 'blocked' })) return 'blocked';
  if (snapshot.matches({ mounted: 'failed' })) return 'failed';
  if (snapshot.matches({ mounted: { ready: 'playing' } })) return 'playing';
  if (snapshot.matches({ mounted: 'ready' })) return 'paused';
  return 'pending';
}

/** The play button's glyph: two bars while playing (it pauses), else a triangle. */
export const PAUSE_GLYPH = 'M6 4h4v16H6zM14 4h4v16h-4z';
export const PLAY_GLYPH = 'M7 4l13 8-13 8z';

/** §4 seek slider keys: the arrows move 5 s (the machine's step), Home and End go to the ends. */
function seekMove(key: string, duration: number): MediaPlayerEvent | null {
  if (key === 'ArrowLeft' || key === 'ArrowDown') return { type: 'player.step', direction: -1 };
  if (key === 'ArrowRight' || key === 'ArrowUp') return { type: 'player.step', direction: 1 };
  if (key === 'Home') return { type: 'player.seek', seconds: 0 };
  if (key === 'End') return { type: 'player.seek', seconds: duration };
  return null;
}

/**
 * §4 Embedded media player controls: a labelled group (hidden until the media is ready, and gone
 * when it failed, §8), a play/pause button named for the title, a seek slider with a spoken
 * position, a mute toggle button and a volume slider. Keys on the group: k or Space play/pause,
 * m mutes; Space stays a slider's or a button's own.
 */
export function connectMediaPlayer(snapshot: Snapshot, send: (event: MediaPlayerEvent) => void, title: string, t: Translations<MediaPlayerTranslations>) {
  const phase = phaseOf(snapshot);
  const { currentTime, duration, volume, muted, renderer, error } = snapshot.context;
  const interactive = phase === 'playing' || phase === 'paused';
  const shownVolume = muted ? 0 : volume;

  return {
    phase,
    /** The native element's own controls stand in until the custom ones are live (its other props never change). */
    mediaProps: { controls: phase === 'pending' },
    /** §5, issue 19: a video-site source shows the consent placeholder until its platform may load. */
    consentShown: renderer === 'video-site' && (phase === 'pending' || phase === 'blocked'),
    /** The placeholder's answers: "Play video" (remembered as its box says) and "Always allow videos". */
    grant: (remember: boolean) => send({ type: 'consent.grant', remember }),
    grantAll: () => send({ type: 'consent.grant.all' }),
    controlsProps: {
      className: 'media-player__controls',
      role: 'group',
      'aria-label': format(t.controls, { title }),
      hidden: !interactive,
      onKeyDown(event: KeyInput) {
        if (event.target instanceof HTMLInputElement && event.key === ' ') return;
        if (event.key === 'k' || (event.key === ' ' && !(event.target instanceof HTMLButtonElement))) {
          event.preventDefault();
          send({ type: 'player.toggle' });
        } else if (event.key === 'm') send({ type: 'player.mute.toggle' });
      },
    } as const,
    playProps: {
      type: 'button',
      className: 'media-player__play',
      'aria-label': format(phase === 'playing' ? t.pause : t.play, { title }),
      onClick: () => send({ type: 'player.toggle' }),
    } as const,
    playGlyph: phase === 'playing' ? PAUSE_GLYPH : PLAY_GLYPH,
    seekProps: {
      type: 'range',
      className: 'media-player__seek',
      'aria-label': t.seek,
      min: 0,
      max: duration || 0,
      step: 'any',
      value: Math.min(currentTime, duration || 0),
      'aria-valuetext': format(t.position, { time: secondsToTimeCode(currentTime), duration: secondsToTimeCode(duration) }),
      onChange: (event: { target: { value: string } }) => send({ type: 'player.seek', seconds: Number(event.target.value) }),
      onKeyDown(event: KeyInput) {
        const move = seekMove(event.key, duration);
        if (!move) return;
        event.preventDefault();
        send(move);
      },
    } as const,
    timeText: `${secondsToTimeCode(currentTime)} / ${secondsToTimeCode(duration)}`,
    muteProps: { type: 'button', className: 'media-player__mute', 'aria-pressed': muted, onClick: () => send({ type: 'player.mute.toggle' }) } as const,
    muteText: t.mute,
    volumeProps: {
      type: 'range',
      className: 'media-player__volume',
      'aria-label': t.volume,
      min: 0,
      max: 1,
      step: 0.1,
      value: shownVolume,
      'aria-valuetext': `${Math.round(shownVolume * 100)}%`,
      onChange: (event: { target: { value: string } }) => send({ type: 'player.volume', volume: Number(event.target.value) }),
    } as const,
    /** §8: the error shown in an alert (with the URLs tried), or null. */
    errorText: error,
    /** Issue 31: after a §8 error, "Try again" starts the player again (the files are fetched anew). */
    retryProps: { type: 'button', className: 'button button--quiet media-player__retry', onClick: () => send({ type: 'player.retry' }) } as const,
    retryText: t.retry,
    watchText: format(t.watchOn, { title }),
    downloadText: (href: string) => format(t.download, { title, type: getExtension(href).toUpperCase() || t.file }),
  };
}
