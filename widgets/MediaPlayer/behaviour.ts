import { fromCallback, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { VIDEO_SITE_PLATFORM } from '../../machines/media-player/media-player.rules';
import { mediaPlayerMachine, type MediaActorInput, type MediaCommand, type MediaPlayerEvent } from '../../machines/media-player/media-player.machine';
import { drawProps, drawText, listenTo, type KeyInput } from '../../runtime/connect';
import { currentConsent, requestConsent, subscribeConsent } from '../../runtime/consent';
import { translate } from '../../runtime/translations';
import { defineBehaviour } from '../../runtime/widget';
import { connectConsentPrompt } from '../Video/consent-prompt.connect';
import type { MediaPlayerContent } from './MediaPlayer';
import { connectMediaPlayer } from './media-player.connect';
import { drawConsentPrompt, drawFailure } from './media-player.dom';
import { mediaPlayerSettings } from './media-player.settings';
import { mediaPlayerTranslations } from './media-player.translations';
import { elementRenderer, videoSiteRenderer } from './renderers';

/** The island's own markup, as MediaPlayer.tsx renders it. */
const FIGURE = ':scope > figure.media-player';
const MEDIA = ':scope > .media-player__media';
const SITE = ':scope > .media-player__site';
const CONTROLS = ':scope > .media-player__controls';
const PLAY = ':scope > .media-player__play';
const SEEK = ':scope > .media-player__seek';
const TIME = ':scope > .media-player__time';
const MUTE = ':scope > .media-player__mute';
const VOLUME = ':scope > .media-player__volume';

type Snapshot = SnapshotFrom<typeof mediaPlayerMachine>;
type MediaPlayerApi = ReturnType<typeof connectMediaPlayer>;

const connect = (snapshot: Snapshot, send: (event: MediaPlayerEvent) => void, content: MediaPlayerContent) =>
  connectMediaPlayer(snapshot, send, content.title, translate(mediaPlayerTranslations, content.translations));

/** The player's controls, found once per call (the view never replaces them). */
function partsOf(element: HTMLElement) {
  const figure = element.querySelector(FIGURE);
  const controls = figure?.querySelector<HTMLElement>(CONTROLS);
  return {
    figure,
    controls,
    play: controls?.querySelector<HTMLButtonElement>(PLAY),
    seek: controls?.querySelector<HTMLInputElement>(SEEK),
    time: controls?.querySelector(TIME),
    mute: controls?.querySelector<HTMLButtonElement>(MUTE),
    volume: controls?.querySelector<HTMLInputElement>(VOLUME),
  };
}

/** A range the view controls: its value attribute and its value, as React writes both. */
function drawRange(input: HTMLInputElement, props: { value: number } & Readonly<Record<string, unknown>>) {
  drawProps(input, props);
  if (input.value !== String(props.value)) input.value = String(props.value);
}

/**
 * Draws a state on the prerendered player as MediaPlayer.tsx renders it (media-player.connect.ts):
 * the native controls until the custom ones are live, the consent placeholder of a video-site
 * source, the controls group (hidden until ready, gone when failed), the play button's name and
 * glyph, the seek slider's value and spoken position, the time, mute and volume, and the §8 failure
 * with its "Try again". The element's preload and sources are the renderer's once it runs: no state
 * changes them, so they are left as they are (as React leaves them).
 */
export function drawMediaPlayer(element: HTMLElement, snapshot: Snapshot, content: MediaPlayerContent) {
  const { figure, controls, play, seek, time, mute, volume } = partsOf(element);
  if (!figure) return;
  const api = connect(snapshot, () => undefined, content);
  const media = figure.querySelector(MEDIA);
  if (media) drawProps(media, api.mediaProps);
  const site = figure.querySelector(SITE);
  if (site) drawConsentPrompt(site, api);
  if (controls) drawProps(controls, api.controlsProps);
  if (play) {
    drawProps(play, api.playProps);
    const glyph = play.querySelector('path');
    if (glyph) drawProps(glyph, { d: api.playGlyph });
  }
  if (seek) drawRange(seek, api.seekProps);
  if (time) drawText(time, api.timeText);
  if (mute) drawProps(mute, api.muteProps);
  if (volume) drawRange(volume, api.volumeProps);
  drawFailure(figure, api);
}

/** A key on `listener` as the view's handler reads it. */
function keyInput(event: KeyboardEvent, listener: Element): KeyInput {
  return { key: event.key, shiftKey: event.shiftKey, nativeEvent: event, currentTarget: listener, target: event.target, preventDefault: () => event.preventDefault() };
}

/**
 * What the view sends and listens to, without it: the mount its effect reports, the buttons (play,
 * mute, "Try again", the placeholder's two answers), the seek slider by pointer and keys, the volume
 * slider, and the group's keys (k or Space play/pause, m mutes).
 */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof mediaPlayerMachine>, content: MediaPlayerContent): () => void {
  const api = (): MediaPlayerApi => connect(actor.getSnapshot(), actor.send, content);
  actor.send({ type: 'player.mounted' });
  const { figure, controls, seek, volume } = partsOf(element);
  if (!figure || !controls || !seek || !volume) return () => undefined;
  const t = translate(mediaPlayerTranslations, content.translations);
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !figure.contains(button)) return;
    if (button.matches('.media-player__play')) api().playProps.onClick();
    else if (button.matches('.media-player__mute')) api().muteProps.onClick();
    else if (button.matches('.media-player__retry')) api().retryProps.onClick();
    else if (button.closest('.consent-prompt__actions')) {
      const { grant, grantAll } = api();
      const prompt = connectConsentPrompt({ platform: VIDEO_SITE_PLATFORM, title: content.title, onGrant: grant, onGrantAll: grantAll }, t);
      const answer = button.previousElementSibling ? prompt.allowAllProps : prompt.playProps;
      answer.onClick({ currentTarget: button });
    }
  };
  // A controlled slider, as React keeps it: after each change it shows the machine's value again.
  const onRange = (input: HTMLInputElement, change: (now: MediaPlayerApi) => void, value: (now: MediaPlayerApi) => number) => () => {
    change(api());
    const now = String(value(api()));
    if (input.value !== now) input.value = now;
  };
  const stops = [
    listenTo(element, { click: onClick }),
    listenTo(seek, {
      keydown: (event) => api().seekProps.onKeyDown(keyInput(event, seek)),
      input: onRange(seek, (now) => now.seekProps.onChange({ target: seek }), (now) => now.seekProps.value),
    }),
    listenTo(volume, { input: onRange(volume, (now) => now.volumeProps.onChange({ target: volume }), (now) => now.volumeProps.value) }),
    listenTo(controls, { keydown: (event) => api().controlsProps.onKeyDown(keyInput(event, controls)) }),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * The media player without its view (issue 35, goal 2): its custom controls, its placeholder and its
 * §8 failure are a few attributes and texts on the prerendered figure, plus two elements some states
 * add (media-player.dom.ts), so the behaviour answers the visitor itself (`answersInput` in
 * widgets/registry.ts): a first Play no longer brings React to /videos/. The renderer is the
 * machine's `media` actor, started by the runtime with the behaviour's actor, as with the view.
 */
export default defineBehaviour({
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
        // The controls are un-hidden by the drawing (bind, or the view's render) that follows this transition.
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
  bind: drawMediaPlayer,
  connect: listen,
  // Its prerendered markup already works (the native player, the link to the original); the
  // behaviour adds the consent decision and custom controls once the visitor starts using the page
  // (issue 35: 'visible' brought a chunk at load with a player in the first screen), and its renderer
  // fetches the media once the player is near the viewport (issue 31: a player far down costs nothing).
  hydrate: 'idle',
});
