import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { mediaPlayerMachine } from '../../machines/media-player/media-player.machine';
import { VIDEO_SITE_PLATFORM, mediaKindOf, mimeTypeOf, type MediaSource } from '../../machines/media-player/media-player.rules';
import type { SettingsOf } from '../../runtime/settings';
import { translate } from '../../runtime/translations';
import { ConsentPrompt } from '../Video/ConsentPrompt';
import { connectMediaPlayer } from './media-player.connect';
import type { mediaPlayerSettings } from './media-player.settings';
import { mediaPlayerTranslations, type MediaPlayerTranslations } from './media-player.translations';

export interface MediaPlayerContent {
  title: string;
  sources: MediaSource[];
  /** The file offered as the download-file link (§8); defaults to the first source. */
  download?: string;
  /** Labels in the page's language over the English defaults (media-player.translations.ts). */
  translations?: Partial<MediaPlayerTranslations>;
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
  const snapshot = useSelector(actorRef, (s) => s);
  const { renderer } = snapshot.context;
  const t = translate(mediaPlayerTranslations, content.translations);
  const api = connectMediaPlayer(snapshot, actorRef.send, content.title, t);
  useEffect(() => actorRef.send({ type: 'player.mounted' }), [actorRef]);

  const title = content.title;
  const kind = mediaKindOf(content.sources[0]?.src ?? '') ?? 'video';
  const download = content.download ?? content.sources[0]?.src ?? '';
  const nativeSources = renderer === 'native' ? content.sources.filter((s) => mediaKindOf(s.src) !== null) : [];
  const elementProps = {
    className: 'media-player__media',
    // Issue 31: nothing is fetched at load; the renderer asks for the metadata once the player is near the viewport.
    preload: 'none',
    ...api.mediaProps,
    children: nativeSources.map((source) => <source key={source.src} src={source.src} type={mimeTypeOf(source)} />),
  };

  return (
    <figure className={`media-player media-player--${kind} media-player--${settings.stretching}`}>
      {renderer === 'video-site' ? (
        <div className="media-player__site">
          <div className="media-player__host" data-media-host="" />
          {api.consentShown ? (
            <ConsentPrompt
              platform={VIDEO_SITE_PLATFORM}
              title={title}
              poster={settings.poster || undefined}
              onGrant={api.grant}
              onGrantAll={api.grantAll}
              translations={t}
            />
          ) : null}
        </div>
      ) : kind === 'audio' ? (
        <audio {...elementProps} />
      ) : (
        <video {...elementProps} poster={settings.poster || undefined} playsInline />
      )}
      {/* Failed, the renderer is gone: no dead controls, only the alert and the link (§8). */}
      <div {...api.controlsProps}>
        <button {...api.playProps}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d={api.playGlyph} />
          </svg>
        </button>
        <input {...api.seekProps} />
        <span className="media-player__time" aria-hidden="true">
          {api.timeText}
        </span>
        <button {...api.muteProps}>{api.muteText}</button>
        <input {...api.volumeProps} />
      </div>
      {api.errorText ? (
        <div className="media-player__failure">
          <p className="media-player__error" role="alert">
            {api.errorText}
          </p>
          <button {...api.retryProps}>{api.retryText}</button>
        </div>
      ) : null}
      {renderer === 'video-site' && !content.download ? (
        <p className="media-player__download">
          {/* §5: a platform video cannot be downloaded; its link opens the original address in a new tab. */}
          <a href={download} target="_blank" rel="noopener noreferrer">
            {api.watchText}
          </a>
        </p>
      ) : download ? (
        <p className="media-player__download">
          <a href={download} download>
            {api.downloadText(download)}
          </a>
        </p>
      ) : null}
      <figcaption>{title}</figcaption>
    </figure>
  );
}
