import Cookies from 'js-cookie';
import { COOKIE_PATH, COOKIE_SAME_SITE, messageBoxMachine } from '../../machines/message-box/message-box.machine';
import { DEFAULT_DAYS, MAX_DAYS, MIN_DAYS, contentsHash, cookieLifetime, cookieMatches } from '../../machines/message-box/message-box.rules';
import { defineSettings, setting } from '../../runtime/settings';
import { defineWidget, type ClientEnv } from '../../runtime/widget';
import { MessageBox, type MessageBoxContent } from './MessageBox';
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

export default defineWidget({
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
  View: MessageBox,
  hydrate: 'idle',
});
