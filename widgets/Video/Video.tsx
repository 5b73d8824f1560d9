import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { MediaSource } from '../../machines/media-player/media-player.rules';
import type { VideoActorRef } from '../../machines/video/video.machine';
import type { SettingsOf } from '../../runtime/settings';
import { formatParts, translate } from '../../runtime/translations';
import { ConsentPrompt } from './ConsentPrompt';
import { connectVideo, connectVideoMedia } from './video.connect';
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

interface Props {
  actorRef: VideoActorRef;
  settings: SettingsOf<typeof videoSettings.shape>;
  content: VideoContent;
}

/** §4 Video: click-to-play embed, gated by consent for the two platforms (§5), asked in place (issue 19). */
export function Video({ actorRef, settings, content }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  useEffect(() => actorRef.send({ type: 'video.mounted' }), [actorRef]);

  const { type, width, height, title } = { ...settings, title: content.title };
  const t = translate(videoTranslations, content.translations);
  const api = connectVideo(snapshot, actorRef.send, t, { type, title });
  const { phase, platform } = api;
  const { original, posterSrc, promptPoster, firstSource, figureStyle, frameStyle } = connectVideoMedia(settings, content);

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
    <figure {...api.figureProps} style={figureStyle}>
      <div className="video__frame" style={frameStyle}>
        {type === 'html5' ? (
          <div className="video__player" data-video-player="" {...api.playerProps}>
            <video width={width} height={height} preload="none" poster={content.poster} controls={api.videoControls} playsInline>
              {content.sources?.map((source) => <source key={source.src} src={source.src} type={source.type} />)}
            </video>
          </div>
        ) : (
          <div className="video__player" data-video-player="" {...api.playerProps} />
        )}
        {phase === 'lazy' && posterSrc ? (
          <img className="video__poster" src={posterSrc} alt="" width={width} height={height} />
        ) : null}
        {phase === 'lazy' ? (
          <button type="button" className="video__play" {...api.playProps}>
            <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
              <circle cx="24" cy="24" r="23" />
              <path d="M19 14 35 24 19 34z" />
            </svg>
          </button>
        ) : null}
        {type !== 'html5' && api.asksConsent ? (
          <ConsentPrompt
            platform={type}
            title={title}
            poster={promptPoster}
            original={original}
            {...api.consentProps}
            translations={t}
          />
        ) : null}
        {phase === 'fallback' ? (
          <div className="video__notice" role="status">
            <p>{t.failed}</p>
            <p>{link}</p>
            <button type="button" className="button button--quiet" {...api.retryProps}>
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
        <div className="video__controls" {...api.controlsProps}>
          <button {...api.muteProps}>{t.mute}</button>
          <button {...api.loopProps}>{t.loop}</button>
          <button {...api.restartProps}>{t.restart}</button>
          <button {...api.closeProps}>{t.close}</button>
        </div>
      ) : null}
      <figcaption>
        {title}
        {type === 'html5' && firstSource ? <> · {link}</> : null}
      </figcaption>
    </figure>
  );
}
