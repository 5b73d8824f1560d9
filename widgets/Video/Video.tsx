import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { MediaSource } from '../../machines/media-player/media-player.rules';
import type { VideoActorRef, videoMachine } from '../../machines/video/video.machine';
import { originalUrl, posterUrl } from '../../machines/video/video.rules';
import type { SettingsOf } from '../../runtime/settings';
import { format, formatParts, translate } from '../../runtime/translations';
import { ConsentPrompt } from './ConsentPrompt';
import { videoTranslations, type VideoTranslations } from './video.translations';
import type { videoSettings } from './video.settings';

export interface VideoContent {
  title: string;
  /** html5 only: the self-hosted files, best first. */
  sources?: MediaSource[];
  /** A local poster image: the html5 player's, and a platform video's placeholder (issue 19; else the mobile image). */
  poster?: string;
  /** Labels in the page's language over the English defaults (video.translations.ts). */
  translations?: Partial<VideoTranslations>;
}

type Phase = 'pending' | 'blocked' | 'noPlayer' | 'lazy' | 'loading' | 'loaded' | 'fallback';

function phaseOf(snapshot: SnapshotFrom<typeof videoMachine>): Phase {
  if (snapshot.matches({ mounted: 'blocked' })) return 'blocked';
  if (snapshot.matches({ mounted: 'noPlayer' })) return 'noPlayer';
  if (snapshot.matches({ mounted: 'lazy' })) return 'lazy';
  if (snapshot.matches({ mounted: { active: 'loading' } })) return 'loading';
  if (snapshot.matches({ mounted: { active: 'loaded' } })) return 'loaded';
  if (snapshot.matches({ mounted: 'fallback' })) return 'fallback';
  return 'pending';
}

interface Props {
  actorRef: VideoActorRef;
  settings: SettingsOf<typeof videoSettings.shape>;
  content: VideoContent;
}

/** §4 Video: click-to-play embed, gated by consent for the two platforms (§5), asked in place (issue 19). */
export function Video({ actorRef, settings, content }: Props) {
  const phase = useSelector(actorRef, phaseOf);
  const muted = useSelector(actorRef, (s) => s.context.muted);
  const loop = useSelector(actorRef, (s) => s.context.loop);
  useEffect(() => actorRef.send({ type: 'video.mounted' }), [actorRef]);

  const { type, width, height, title } = { ...settings, title: content.title };
  const t = translate(videoTranslations, content.translations);
  const platform = type === 'html5' ? '' : t[type];
  const original = originalUrl(type, settings.video_id, settings.original_url);
  const send = actorRef.send;
  const playLabel = format(t.play, { title });
  const frameStyle = { aspectRatio: `${width} / ${height}` };
  const firstSource = content.sources?.[0]?.src ?? '';

  const link =
    type === 'html5' ? (
      <a href={firstSource} download>
        {formatParts(t.download, { title })}
      </a>
    ) : (
      <a href={original} target="_blank" rel="noopener noreferrer">
        {formatParts(t.watchOnPlatform, { title, name: platform })}
        <span className="visually-hidden">{t.newTab}</span>
      </a>
    );

  return (
    <figure className={`video video--${type} video--${phase}`} style={{ maxWidth: `${width}px` }}>
      <div className="video__frame" style={frameStyle}>
        {type === 'html5' ? (
          <div className="video__player" data-video-player="" tabIndex={-1} aria-label={format(t.player, { title })} role="group">
            <video width={width} height={height} preload="none" poster={content.poster} controls={phase !== 'lazy'} playsInline>
              {content.sources?.map((source) => <source key={source.src} src={source.src} type={source.type} />)}
            </video>
          </div>
        ) : (
          <div
            className="video__player"
            data-video-player=""
            tabIndex={-1}
            aria-label={format(t.platformPlayer, { title, platform })}
            role="group"
            hidden={phase !== 'loading' && phase !== 'loaded'}
          />
        )}
        {phase === 'lazy' && type === 'youtube' ? (
          <img className="video__poster" src={posterUrl(settings.video_id, settings.poster_quality)} alt="" width={width} height={height} />
        ) : null}
        {phase === 'lazy' ? (
          <button type="button" className="video__play" aria-label={playLabel} onClick={() => send({ type: 'video.play' })}>
            <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
              <circle cx="24" cy="24" r="23" />
              <path d="M19 14 35 24 19 34z" />
            </svg>
          </button>
        ) : null}
        {type !== 'html5' && (phase === 'pending' || phase === 'blocked') ? (
          <ConsentPrompt
            platform={type}
            title={title}
            poster={content.poster ?? (settings.mobile_image || undefined)}
            original={original}
            onGrant={(remember) => send({ type: 'consent.grant', remember })}
            onGrantAll={() => send({ type: 'consent.grant.all' })}
            translations={t}
          />
        ) : null}
        {phase === 'fallback' ? (
          <div className="video__notice" role="status">
            <p>{t.failed}</p>
            <p>{link}</p>
            <button type="button" className="button button--quiet" onClick={() => send({ type: 'video.play' })}>
              {t.retry}
            </button>
          </div>
        ) : null}
        {phase === 'noPlayer' ? (
          <div className="video__mobile">
            <img src={settings.mobile_image} alt={title} width={width} height={height} />
            <p>{link}</p>
          </div>
        ) : null}
      </div>
      {phase === 'loaded' ? (
        <div className="video__controls" role="group" aria-label={format(t.commands, { title })}>
          <button type="button" aria-pressed={muted} onClick={() => send({ type: muted ? 'video.unmute' : 'video.mute' })}>
            {t.mute}
          </button>
          <button type="button" aria-pressed={loop} onClick={() => send({ type: 'video.loop', enabled: !loop })}>
            {t.loop}
          </button>
          <button type="button" onClick={() => send({ type: 'video.reset' })}>
            {t.restart}
          </button>
          <button type="button" onClick={() => send({ type: 'video.unload' })}>
            {t.close}
          </button>
        </div>
      ) : null}
      <figcaption>
        {title}
        {type === 'html5' && firstSource ? <> · {link}</> : null}
      </figcaption>
    </figure>
  );
}
