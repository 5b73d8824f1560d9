import { setup } from 'xstate';
import type { CookieMode } from './message-box.rules';

/** §9: the cookie's path and same-site policy. */
export const COOKIE_PATH = '/';
export const COOKIE_SAME_SITE = 'Strict';

export interface MessageBoxInput {
  /** The box's id: the cookie's name. */
  id: string;
  /** The box's contents (data-contents): their hash is the cookie's value. */
  contents: string;
  mode: CookieMode;
  days: number;
}

export type MessageBoxContext = MessageBoxInput;

export type MessageBoxEvent = { type: 'box.check' } | { type: 'box.close' };

/**
 * §4 Message box: visible unless a cookie for its id with equal contents exists; closing sets
 * the cookie and hides the box. The check waits for `box.check` (sent once the view is live) so
 * the prerendered box and the first hydrated render agree. Reading and writing the cookie are
 * adapters (the runtime's js-cookie), harmless by default.
 */
export const messageBoxMachine = setup({
  types: {} as { context: MessageBoxContext; input: MessageBoxInput; events: MessageBoxEvent },
  guards: {
    hasMatchingCookie: (_, _params: MessageBoxContext) => false,
  },
  actions: {
    rememberClosing: (_, _params: MessageBoxContext) => {},
    focusAfterClosing: () => {},
  },
}).createMachine({
  id: 'messageBox',
  context: ({ input }) => ({ ...input }),
  initial: 'unchecked',
  states: {
    unchecked: {
      on: {
        'box.check': [{ guard: { type: 'hasMatchingCookie', params: ({ context }) => context }, target: 'dismissed' }, { target: 'visible' }],
        'box.close': { target: 'dismissed', actions: [{ type: 'rememberClosing', params: ({ context }) => context }, 'focusAfterClosing'] },
      },
    },
    visible: {
      on: { 'box.close': { target: 'dismissed', actions: [{ type: 'rememberClosing', params: ({ context }) => context }, 'focusAfterClosing'] } },
    },
    dismissed: {},
  },
});
