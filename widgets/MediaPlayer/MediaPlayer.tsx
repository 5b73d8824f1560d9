import { useSelector } from '@xstate/react';
import { useEffect, type KeyboardEvent } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { mediaPlayerMachine } from '../../machines/media-player/media-player.machine';
import { VIDEO_SITE_PLATFORM, getExtension, mediaKindOf, mimeTypeOf, secondsToTimeCode, type MediaSource } from '../../machines/media-player/media-player.rules';
import type { SettingsOf } from '../../runtime/settings';
import { ConsentPrompt } from '../Video/ConsentPrompt';
import type { mediaPlayerSettings } from './media-player.settings';

export interface MediaPlayerContent {
  title: string;
  sources: MediaSource[];
  /** The file offered as the download-file link (§8); defaults to the first source. */
  download?: string;
}

type Snapshot = SnapshotFrom<typeof mediaPlayerMachine>;
type Phase = 'pending' | 'download' | 'blocked' | 'playing' | 'paused' | 'failed';

function phaseOf(snapshot: Snapshot): Phase {
  if (snapshot.matches('download')) return 'download';
  if (snapshot.matches({ mounted: 'blocked' })) return 'blocked';
  if (snapshot.matches({ mounted: 'failed' })) return 'failed';
  if (snapshot.matches({ mounted: { ready: 'playing' } })) return 'playing';
  if (snapshot.matches({ mounted: 'ready' })) return 'paused';
  return 'pending';
}

interface Props {
  actorRef: ActorRefFrom<typeof mediaPlayerMachine>;
  settings: SettingsOf<typeof mediaPlayerSettings.shape>;
  content: MediaPlayerContent;
}

/**
 * §4 Embedded media player: the element with its sources, custom controls once hydrated (play,
 * seek, time, mute, volume), the §8 error in an alert, and the download-file link always. A
 * video-site source without consent (§5) shows the consent placeholder in its place (issue 19).
 * Keys on the controls: k or Space play/pause, m mute; on the seek slider the arrows move 5 s.
 */
export function MediaPlayer({ actorRef, settings, content }: Props) {
  const phase = useSelector(actorRef, phaseOf);
  const { currentTime, duration, volume, muted, error, renderer } = useSelector(actorRef, (s) => s.context);
  useEffect(() => actorRef.send({ type: 'player.mounted' }), [actorRef]);

  const send = actorRef.send;
  const title = content.title;
  const kind = mediaKindOf(content.sources[0]?.src ?? '') ?? 'video';
  const download = content.download ?? content.sources[0]?.src ?? '';
  const nativeSources = renderer === 'native' ? content.sources.filter((s) => mediaKindOf(s.src) !== null) : [];
  // Failed, the renderer is gone: no dead controls, only the alert and the link (§8).
  const interactive = phase === 'playing' || phase === 'paused';
  const elementProps = {
    className: 'media-player__media',
    preload: 'metadata',
    controls: phase === 'pending',
    children: nativeSources.map((source) => <source key={source.src} src={source.src} type={mimeTypeOf(source)} />),
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLInputElement && event.key === ' ') return;
    if (event.key === 'k' || (event.key === ' ' && !(event.target instanceof HTMLButtonElement))) {
      event.preventDefault();
      send({ type: 'player.toggle' });
    } else if (event.key === 'm') send({ type: 'player.mute.toggle' });
  };
  const onSeekKey = (event: KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => send({ type: 'player.step', direction: -1 }),
      ArrowDown: () => send({ type: 'player.step', direction: -1 }),
      ArrowRight: () => send({ type: 'player.step', direction: 1 }),
      ArrowUp: () => send({ type: 'player.step', direction: 1 }),
      Home: () => send({ type: 'player.seek', seconds: 0 }),
      End: () => send({ type: 'player.seek', seconds: duration }),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <figure className={`media-player media-player--${kind} media-player--${settings.stretching}`}>
      {renderer === 'video-site' ? (
        <div className="media-player__site">
          <div className="media-player__host" data-media-host="" />
          {phase === 'pending' || phase === 'blocked' ? (
            <ConsentPrompt
              platform={VIDEO_SITE_PLATFORM}
              title={title}
              poster={settings.poster || undefined}
              onGrant={(remember) => send({ type: 'consent.grant', remember })}
              onGrantAll={() => send({ type: 'consent.grant.all' })}
            />
          ) : null}
        </div>
      ) : kind === 'audio' ? (
        <audio {...elementProps} />
      ) : (
        <video {...elementProps} poster={settings.poster || undefined} playsInline />
      )}
      <div className="media-player__controls" role="group" aria-label={`${title}: player controls`} hidden={!interactive} onKeyDown={onKeyDown}>
        <button type="button" className="media-player__play" aria-label={phase === 'playing' ? `Pause ${title}` : `Play ${title}`} onClick={() => send({ type: 'player.toggle' })}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            {phase === 'playing' ? <path d="M6 4h4v16H6zM14 4h4v16h-4z" /> : <path d="M7 4l13 8-13 8z" />}
          </svg>
        </button>
        <input
          type="range"
          className="media-player__seek"
          aria-label="Seek"
          min={0}
          max={duration || 0}
          step="any"
          value={Math.min(currentTime, duration || 0)}
          aria-valuetext={`${secondsToTimeCode(currentTime)} of ${secondsToTimeCode(duration)}`}
          onChange={(event) => send({ type: 'player.seek', seconds: Number(event.target.value) })}
          onKeyDown={onSeekKey}
        />
        <span className="media-player__time" aria-hidden="true">
          {secondsToTimeCode(currentTime)} / {secondsToTimeCode(duration)}
        </span>
        <button type="button" className="media-player__mute" aria-pressed={muted} onClick={() => send({ type: 'player.mute.toggle' })}>
          Mute
        </button>
        <input
          type="range"
          className="media-player__volume"
          aria-label="Volume"
          min={0}
          max={1}
          step={0.1}
          value={muted ? 0 : volume}
          aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)}%`}
          onChange={(event) => send({ type: 'player.volume', volume: Number(event.target.value) })}
        />
      </div>
      {error ? (
        <p className="media-player__error" role="alert">
          {error}
        </p>
      ) : null}
      {renderer === 'video-site' && !content.download ? (
        <p className="media-player__download">
          {/* §5: a platform video cannot be downloaded; its link opens the original address in a new tab. */}
          <a href={download} target="_blank" rel="noopener noreferrer">
            Watch “{title}” on YouTube
          </a>
        </p>
      ) : download ? (
        <p className="media-player__download">
          <a href={download} download>
            Download “{title}” ({getExtension(download).toUpperCase() || 'file'})
          </a>
        </p>
      ) : null}
      <figcaption>{title}</figcaption>
    </figure>
  );
}
