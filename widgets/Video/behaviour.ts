import { fromCallback, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { videoMachine, type PlayerCommand, type PlayerInput, type VideoEvent } from '../../machines/video/video.machine';
import { drawProps, listenTo } from '../../runtime/connect';
import { currentConsent, requestConsent, subscribeConsent } from '../../runtime/consent';
import { FLAG } from '../../runtime/device';
import { nextTask } from '../../runtime/next-task';
import { translate } from '../../runtime/translations';
import { defineBehaviour, type ClientEnv } from '../../runtime/widget';
import { connectConsentPrompt } from './consent-prompt.connect';
import { consentPromptElement } from './consent-prompt.dom';
import type { BridgeOptions, PlayerBridge } from './players/bridge';
import { html5Bridge } from './players/html5';
import { platformABridge } from './players/platform-a';
import { platformBBridge } from './players/platform-b';
import type { VideoContent } from './Video';
import { connectVideo, connectVideoMedia } from './video.connect';
import { controlsElement, mobileElement, noticeElement, playButtonElement, posterElement, videoLinkElement, type VideoFacts } from './video.dom';
import { videoSettings } from './video.settings';
import { videoTranslations } from './video.translations';

/** The island's own markup, as Video.tsx renders it. */
const FIGURE = ':scope > figure.video';
const FRAME = ':scope > .video__frame';
const PLAYER = ':scope > .video__player';

type Snapshot = SnapshotFrom<typeof videoMachine>;
type Settings = ReturnType<typeof videoSettings.parse>;

const BRIDGES: Record<PlayerInput['type'], (options: BridgeOptions) => PlayerBridge> = {
  html5: html5Bridge,
  youtube: platformABridge,
  vimeo: platformBBridge,
};

function playerHost(env: ClientEnv): HTMLElement {
  return env.element.querySelector<HTMLElement>('[data-video-player]') ?? env.element;
}

/** The island's settings, read once (the runtime already warned about bad values when it parsed them for the machine). */
const parsed = new WeakMap<HTMLElement, Settings>();
function settingsOf(element: HTMLElement): Settings {
  const known = parsed.get(element);
  if (known) return known;
  const settings = videoSettings.parse(element.dataset, () => undefined);
  parsed.set(element, settings);
  return settings;
}

function connect(element: HTMLElement, snapshot: Snapshot, send: (event: VideoEvent) => void, content: VideoContent) {
  const settings = settingsOf(element);
  const t = translate(videoTranslations, content.translations);
  return { settings, t, api: connectVideo(snapshot, send, t, { type: settings.type, title: content.title }) };
}

/**
 * The element of `parent` matching `selector` that a state shows (made by `make` where it is missing,
 * placed after `after`, where the view renders it) or removes (no `make`); returns what the next one
 * follows.
 */
function place(parent: Element, after: Element, selector: string, make: (() => HTMLElement) | null): Element {
  const shown = parent.querySelector(`:scope > ${selector}`);
  if (!make) {
    shown?.remove();
    return after;
  }
  if (shown) return shown;
  const made = make();
  after.after(made);
  return made;
}

/**
 * Draws a state on the prerendered video as Video.tsx renders it (video.connect.ts): the figure's
 * phase, the player shown or hidden (a self-hosted one's native controls), and the elements some
 * states add, where the view places them: the poster and play button, the consent placeholder (put
 * back when consent is withdrawn), the fallback notice, the mobile image, the player's commands.
 */
export function drawVideo(element: HTMLElement, snapshot: Snapshot, content: VideoContent) {
  const figure = element.querySelector(FIGURE);
  const frame = figure?.querySelector(FRAME);
  const player = frame?.querySelector(PLAYER);
  if (!figure || !frame || !player) return;
  const { settings, t, api } = connect(element, snapshot, () => undefined, content);
  const media = connectVideoMedia(settings, content);
  const { type } = settings;
  const facts: VideoFacts = { type, title: content.title, width: settings.width, height: settings.height, mobileImage: settings.mobile_image };
  const doc = element.ownerDocument;
  const { phase } = api;
  drawProps(figure, api.figureProps);
  drawProps(player, api.playerProps);
  const video = player.querySelector(':scope > video');
  if (video) drawProps(video, { controls: api.videoControls });
  const link = () => videoLinkElement(doc, api, media, facts, t);
  const { posterSrc } = media;
  let after = place(frame, player, '.video__poster', phase === 'lazy' && posterSrc ? () => posterElement(doc, posterSrc, facts) : null);
  after = place(frame, after, '.video__play', phase === 'lazy' ? () => playButtonElement(doc, api) : null);
  after = place(
    frame,
    after,
    '.consent-prompt',
    type !== 'html5' && api.asksConsent
      ? () => consentPromptElement(doc, connectConsentPrompt({ platform: type, title: content.title, ...api.consentProps }, t), t, { poster: media.promptPoster, original: media.original })
      : null,
  );
  after = place(frame, after, '.video__notice', phase === 'fallback' ? () => noticeElement(doc, api, link(), t) : null);
  place(frame, after, '.video__mobile', phase === 'noPlayer' ? () => mobileElement(doc, link(), facts) : null);
  const controls = place(figure, frame, '.video__controls', phase === 'loaded' ? () => controlsElement(doc, api, t) : null);
  if (controls !== frame) {
    const [mute, loop] = controls.querySelectorAll(':scope > button');
    if (mute) drawProps(mute, api.muteProps);
    if (loop) drawProps(loop, api.loopProps);
  }
}

/**
 * What the view's effect and handlers send: `video.mounted` at once (the view sends it when it
 * mounts), then a click on the play button, the placeholder's two answers, the retry or a command,
 * each sent by its connect layer's handler (Enter and Space are the native buttons' own).
 */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof videoMachine>, content: VideoContent): () => void {
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    const figure = element.querySelector(FIGURE);
    if (!button || !figure?.contains(button)) return;
    const { settings, t, api } = connect(element, actor.getSnapshot(), actor.send, content);
    if (button.matches('.video__play')) api.playProps.onClick();
    else if (button.matches('.video__notice > button')) api.retryProps.onClick();
    else if (button.matches('.consent-prompt__actions > button') && settings.type !== 'html5') {
      const prompt = connectConsentPrompt({ platform: settings.type, title: content.title, ...api.consentProps }, t);
      if (button.previousElementSibling) prompt.allowAllProps.onClick();
      else prompt.playProps.onClick({ currentTarget: button });
    } else if (button.parentElement?.matches('.video__controls')) {
      const commands = [api.muteProps, api.loopProps, api.restartProps, api.closeProps];
      commands[[...button.parentElement.children].indexOf(button)]?.onClick();
    }
  };
  actor.send({ type: 'video.mounted' });
  return listenTo(element, { click: onClick });
}

/**
 * The video without its view (issue 35, goal 2): its every state is a few attributes on the
 * prerendered figure and the elements video.dom.ts builds, so the behaviour answers the visitor's
 * consent, play and commands itself (`answersInput` in widgets/registry.ts) with no React. The
 * consent enters through the page's consent channel (runtime/consent.ts), as for the view.
 */
export default defineBehaviour({
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
    const { width, height } = settingsOf(env.element);
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
          // The host is un-hidden by the draw (or the render) that follows this transition.
          env.clock.requestFrame(() => playerHost(env).focus());
        },
      },
      actors: {
        consentSource: fromCallback(({ sendBack }) => {
          sendBack({ type: 'consent.update', consent: currentConsent(win) });
          return subscribeConsent(win, (consent) => sendBack({ type: 'consent.update', consent }));
        }),
        player: fromCallback<PlayerCommand, PlayerInput>(({ sendBack, receive, input }) => {
          // The player starts in the task after the tap's (issue 35): the tap's own task draws what
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
  bind: drawVideo,
  connect: listen,
  // Its prerendered markup already works (the native player, the link to the original); the
  // behaviour adds the consent decision and custom controls once the visitor starts using the page.
  hydrate: 'idle',
});
