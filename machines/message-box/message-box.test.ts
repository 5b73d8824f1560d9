import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { messageBoxMachine, type MessageBoxInput } from './message-box.machine';
import { contentsHash, cookieLifetime, cookieMatches } from './message-box.rules';

const input: MessageBoxInput = { id: 'winter-hours', contents: 'We close at 4 pm on Fridays in winter.', mode: 'custom', days: 60 };

/** A cookie jar standing in for the browser's, through the machine's two adapters. */
function start(jar: Map<string, string>, overrides: Partial<MessageBoxInput> = {}) {
  const written: Array<{ name: string; value: string; days: number | undefined }> = [];
  const machine = messageBoxMachine.provide({
    guards: { hasMatchingCookie: (_, box) => cookieMatches(jar.get(box.id), box.contents) },
    actions: {
      rememberClosing: (_, box) => {
        const value = contentsHash(box.contents);
        jar.set(box.id, value);
        written.push({ name: box.id, value, days: cookieLifetime(box.mode, box.days) });
      },
    },
  });
  const actor = createActor(machine, { input: { ...input, ...overrides }, clock: createTestClock() }).start();
  actor.send({ type: 'box.check' });
  return { actor, written };
}

describe('message box (§4, §5, reference notes)', () => {
  it('is visible with no cookie', () => {
    expect(start(new Map()).actor.getSnapshot().value).toBe('visible');
  });

  it('closing hides it and sets the cookie: name = id, value = contents hash, lifetime in days', () => {
    const jar = new Map<string, string>();
    const { actor, written } = start(jar);
    actor.send({ type: 'box.close' });
    expect(actor.getSnapshot().value).toBe('dismissed');
    expect(written).toEqual([{ name: 'winter-hours', value: contentsHash(input.contents), days: 60 }]);
    expect(start(jar).actor.getSnapshot().value).toBe('dismissed');
  });

  it('a cookie for other contents does not count: the box shows again', () => {
    const jar = new Map([['winter-hours', contentsHash('Old notice')]]);
    expect(start(jar).actor.getSnapshot().value).toBe('visible');
  });

  it('session mode writes a session cookie; custom days are kept within 1-800', () => {
    expect(cookieLifetime('session', 60)).toBeUndefined();
    expect(cookieLifetime('custom', 0)).toBe(1);
    expect(cookieLifetime('custom', 5000)).toBe(800);
    expect(cookieLifetime('custom', 14)).toBe(14);
    const { actor, written } = start(new Map(), { mode: 'session' });
    actor.send({ type: 'box.close' });
    expect(written[0]?.days).toBeUndefined();
  });

  it('the hash changes with the contents', () => {
    expect(contentsHash('a')).not.toBe(contentsHash('b'));
    expect(contentsHash('same')).toBe(contentsHash('same'));
    expect(contentsHash('x')).toMatch(/^[0-9a-f]{8}$/);
  });
});
