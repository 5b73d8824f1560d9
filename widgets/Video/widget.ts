import { fromCallback } from 'xstate';
import { videoMachine, type PlayerCommand, type PlayerInput } from '../../machines/video/video.machine';
import { currentConsent, requestConsent, subscribeConsent } from '../../runtime/consent';
import { FLAG } from '../../runtime/device';
import { nextTask } from '../../runtime/next-task';
import { defineWidget, type ClientEnv } from '../../runtime/widget';
import type { BridgeOptions, PlayerBridge } from './players/bridge';
import { html5Bridge } from './players/html5';
import { platformABridge } from './players/platform-a';
import { platformBBridge } from './players/platform-b';
import { Video, type VideoContent } from './Video';
import { videoSettings } from './video.settings';
import { videoTranslations } from './video.translations';

const BRIDGES: Record<PlayerInput['type'], (options: BridgeOptions) => PlayerBridge> = {
  html5: html5Bridge,
  youtube: platformABridge,
  vimeo: platformBBridge,
};

function playerHost(env: ClientEnv): HTMLElement {
  return env.element.querySelector<HTMLElement>('[data-video-player]') ?? env.element;
}

export default defineWidget({
  name: 'video',
  settings: videoSettings,
  machine: videoMachine,
  input: (settings, _content: VideoContent) => ({
    type: settings.type,
    videoId: settings.video_id,
    lightbox: settings.lightbox,
    hasFallbackImage: settings.mobile_image !== '',
    loop: settings.loop,
    muted: settings.muted,
  }),
  provide(env) {
    const win = env.element.ownerDocument.defaultView ?? window;
    // The runtime already warned about bad values when it parsed them for the machine.
    const { width, height } = videoSettings.parse(env.element.dataset, () => undefined);
    const title = () => env.element.querySelector('figcaption')?.textContent ?? 'Video';
    return {
      guards: {
        isMobileDevice: () => env.element.ownerDocument.documentElement.classList.contains(FLAG.mobile),
      },
      actions: {
        askPlatformConsent: ({ context, event }) => {
          if (context.type !== 'html5' && event.type === 'consent.grant') requestConsent(win, { platform: context.type, remember: event.remember });
        },
        askAllConsent: () => requestConsent(win, { all: true }),
        focusPlayButton: () => {
          env.clock.requestFrame(() => env.element.querySelector<HTMLElement>('.video__play')?.focus());
        },
        focusPlayer: () => {
          // The host is un-hidden by the render that follows this transition.
          env.clock.requestFrame(() => playerHost(env).focus());
        },
      },
      actors: {
        consentSource: fromCallback(({ sendBack }) => {
          sendBack({ type: 'consent.update', consent: currentConsent(win) });
          return subscribeConsent(win, (consent) => sendBack({ type: 'consent.update', consent }));
        }),
        player: fromCallback<PlayerCommand, PlayerInput>(({ sendBack, receive, input }) => {
          // The player starts in the task after the tap's (issue 35): the tap's own task renders what
          // it changes on screen (the play button gone, the player shown) and the browser paints it;
          // creating the player (the <video>'s loading, a platform's frame) was 15-20 ms more of a
          // 52-75 ms task at 4x CPU. The machine sends its commands once the player has reported
          // ready; one sent before (a mute in that task) waits for it. Transient user activation (for
          // play()) lasts seconds.
          let bridge: PlayerBridge | undefined;
          let stopped = false;
          const early: PlayerCommand[] = [];
          void nextTask().then(() => {
            if (stopped) return;
            bridge = BRIDGES[input.type]({ host: playerHost(env), input, title: title(), width, height, report: sendBack, warn: env.warn });
            for (const command of early.splice(0)) bridge.command(command);
          });
          receive((command) => (bridge ? bridge.command(command) : early.push(command)));
          return () => {
            stopped = true;
            bridge?.destroy();
          };
        }),
      },
    };
  },
  translations: videoTranslations,
  View: Video,
  // Its prerendered markup already works (the native player, the link to the original); the view
  // adds the consent decision and custom controls once the visitor starts using the page.
  hydrate: 'idle',
});
