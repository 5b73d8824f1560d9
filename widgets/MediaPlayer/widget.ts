import { fromCallback } from 'xstate';
import { VIDEO_SITE_PLATFORM } from '../../machines/media-player/media-player.rules';
import { mediaPlayerMachine, type MediaActorInput, type MediaCommand } from '../../machines/media-player/media-player.machine';
import { currentConsent, requestConsent, subscribeConsent } from '../../runtime/consent';
import { translate } from '../../runtime/translations';
import { defineWidget } from '../../runtime/widget';
import { MediaPlayer, type MediaPlayerContent } from './MediaPlayer';
import { mediaPlayerSettings } from './media-player.settings';
import { mediaPlayerTranslations } from './media-player.translations';
import { elementRenderer, videoSiteRenderer } from './renderers';

export default defineWidget({
  name: 'media-player',
  settings: mediaPlayerSettings,
  machine: mediaPlayerMachine,
  input: (_settings, content: MediaPlayerContent) => ({ sources: content.sources }),
  provide: (env) => {
    const win = env.element.ownerDocument.defaultView ?? window;
    // The errors the renderers report are shown as they are: in the page's language.
    const t = translate(mediaPlayerTranslations, env.translations);
    return {
      actions: {
        askPlatformConsent: ({ event }) => {
          if (event.type === 'consent.grant') requestConsent(win, { platform: VIDEO_SITE_PLATFORM, remember: event.remember });
        },
        askAllConsent: () => requestConsent(win, { all: true }),
        // The controls are un-hidden by the render that follows this transition.
        focusControls: () => {
          env.clock.requestFrame(() => env.element.querySelector<HTMLElement>('.media-player__play')?.focus());
        },
      },
      actors: {
        // §5: the page's consent channel, read at once and then followed, like every video island.
        consentSource: fromCallback(({ sendBack }) => {
          sendBack({ type: 'consent.update', consent: currentConsent(win) });
          return subscribeConsent(win, (consent) => sendBack({ type: 'consent.update', consent }));
        }),
        media: fromCallback<MediaCommand, MediaActorInput>(({ sendBack, receive, input }) => {
          const element = env.element.querySelector<HTMLMediaElement>('video, audio');
          const host = env.element.querySelector<HTMLElement>('[data-media-host]');
          const renderer =
            input.renderer === 'video-site' && host
              ? videoSiteRenderer(host, input, sendBack, env.warn, t)
              : element
                ? elementRenderer(element, input, sendBack, env.warn, t)
                : null;
          if (!renderer) {
            sendBack({ type: 'media.error', message: t.noElement });
            return;
          }
          receive((command) => renderer.command(command));
          return () => renderer.destroy();
        }),
      },
    };
  },
  translations: mediaPlayerTranslations,
  View: MediaPlayer,
  // Its prerendered markup already works (the native player, the link to the original); the view
  // adds the consent decision and custom controls once the visitor starts using the page (issue 35:
  // 'visible' brought React at load with a player in the first screen), and its renderer fetches
  // the media once the player is near the viewport (issue 31: a player far down costs nothing).
  hydrate: 'idle',
});
