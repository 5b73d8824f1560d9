import Cookies from 'js-cookie';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { COOKIE_PATH, COOKIE_SAME_SITE, messageBoxMachine, type MessageBoxEvent } from '../../machines/message-box/message-box.machine';
import { DEFAULT_DAYS, MAX_DAYS, MIN_DAYS, contentsHash, cookieLifetime, cookieMatches } from '../../machines/message-box/message-box.rules';
import { drawProps } from '../../runtime/connect';
import { defineSettings, setting } from '../../runtime/settings';
import { defineBehaviour, type ClientEnv } from '../../runtime/widget';
import type { MessageBoxContent } from './MessageBox';
import { connectMessageBox } from './message-box.connect';
import { messageBoxTranslations } from './message-box.translations';

/** §3 Message box: id (the cookie's name), data-contents, the lifetime in days, session or custom cookie. */
export const messageBoxSettings = defineSettings('message-box', {
  id: setting.string('message-box'),
  contents: setting.string(''),
  days: setting.number(DEFAULT_DAYS, { integer: true, min: MIN_DAYS, max: MAX_DAYS }),
  cookie: setting.oneOf(['session', 'custom'], 'custom'),
});

/** The cookie adapter (js-cookie): read and write one cookie, path /, SameSite=Strict. */
export const messageBoxCookies = {
  read: (name: string) => Cookies.get(name),
  write: (name: string, contents: string, days: number | undefined) =>
    Cookies.set(name, contentsHash(contents), { path: COOKIE_PATH, sameSite: COOKIE_SAME_SITE, expires: days }),
};

type Snapshot = SnapshotFrom<typeof messageBoxMachine>;

/** The box's connect layer: only what a state changes is read from it (its name is the markup's own). */
const connect = (snapshot: Snapshot, send: (event: MessageBoxEvent) => void) => connectMessageBox(snapshot, send, messageBoxTranslations, '');

/** Draws a state on the prerendered box as MessageBox.tsx renders it: shown or hidden, and its state. */
export function drawMessageBox(element: HTMLElement, snapshot: Snapshot) {
  const { hidden, 'data-state': state } = connect(snapshot, () => undefined).regionProps;
  const region = element.querySelector(':scope > .message-box');
  if (region) drawProps(region, { hidden, 'data-state': state });
}

/** The view's effect (the cookie check once live) and its close button's click, sent to the machine as the view sends them. */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof messageBoxMachine>): () => void {
  actor.send({ type: 'box.check' });
  const close = element.querySelector<HTMLElement>(':scope > .message-box > .message-box__close');
  const onClick = () => connect(actor.getSnapshot(), actor.send).closeProps.onClick();
  close?.addEventListener('click', onClick);
  return () => close?.removeEventListener('click', onClick);
}

/**
 * The message box without its view (issue 35, goal 2): shown or dismissed is one attribute on the
 * prerendered box, so the behaviour answers a first tap on its close button itself (`answersInput`
 * in widgets/registry.ts) and checks the visitor's cookie, with no React.
 */
export default defineBehaviour({
  name: 'message-box',
  settings: messageBoxSettings,
  machine: messageBoxMachine,
  input: (s, _content: MessageBoxContent) => ({ id: s.id, contents: s.contents || s.id, mode: s.cookie, days: s.days }),
  provide: (env: ClientEnv) => ({
    guards: { hasMatchingCookie: (_: unknown, box: { id: string; contents: string }) => cookieMatches(messageBoxCookies.read(box.id), box.contents) },
    actions: {
      rememberClosing: (_: unknown, box: { id: string; contents: string; mode: 'session' | 'custom'; days: number }) =>
        messageBoxCookies.write(box.id, box.contents, cookieLifetime(box.mode, box.days)),
      // The close button is gone: focus lands on the island, where the box was, not on <body>.
      focusAfterClosing: () => {
        env.element.tabIndex = -1;
        env.element.focus();
      },
    },
  }),
  translations: messageBoxTranslations,
  bind: drawMessageBox,
  connect: listen,
  hydrate: 'idle',
});
