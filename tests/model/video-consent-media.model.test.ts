import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { createTestClock } from '../../runtime/test-clock';
import { cookieConsentMachine } from '../../machines/cookie-consent/cookie-consent.machine';
import { ACCEPT_ALL, NO_CONSENT, REFUSE_ALL } from '../../machines/cookie-consent/cookie-consent.rules';
import { mediaPlayerMachine } from '../../machines/media-player/media-player.machine';
import { videoMachine } from '../../machines/video/video.machine';

/**
 * Model tests for issue 9's machines: every state the shortest-path traversal reaches is replayed
 * on the test clock with the real actor, which must end in the same state.
 */
interface Node {
  id: string;
  states: Record<string, Node>;
  always?: unknown[];
}

/** Every state a snapshot can rest in: transient (always) states are passed through, never rested in. */
function stateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const walk = (node: Node) => {
    if (!node.always?.length) ids.push(node.id);
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root as unknown as Node);
  return ids;
}

function replayAll(machine: AnyStateMachine, input: unknown, events: Array<{ type: string } & Record<string, unknown>>, silent: AnyStateMachine) {
  const paths = getShortestPaths(machine, { input, events });
  const reached = new Set<string>();
  for (const path of paths) {
    for (const node of path.state._nodes) reached.add(node.id);
    const actor = createActor(silent, { input, clock: createTestClock() }).start();
    for (const step of path.steps) actor.send(step.event);
    expect(actor.getSnapshot().value).toEqual(path.state.value);
    actor.stop();
  }
  return reached;
}

describe('model paths (docs/design.md: every state reached)', () => {
  it('video', () => {
    // Players and consent come only from the model's events here, never from an invoked actor.
    const quiet = videoMachine.provide({ actors: { consentSource: fromCallback(() => undefined), player: fromCallback(() => undefined) }, guards: { isMobileDevice: () => true } });
    const input = { type: 'youtube', videoId: 'x', lightbox: false, hasFallbackImage: false, loop: false, muted: false };
    const events = [
      { type: 'video.mounted' },
      { type: 'consent.update', consent: NO_CONSENT },
      { type: 'consent.update', consent: ACCEPT_ALL },
      { type: 'consent.grant', remember: false },
      { type: 'consent.grant.all' },
      { type: 'video.play' },
      { type: 'player.ready' },
      { type: 'player.playing' },
      { type: 'player.paused' },
      { type: 'player.ended' },
      { type: 'video.unload' },
      { type: 'video.reset' },
    ];
    const reached = replayAll(quiet, input, events, quiet);
    const withImage = replayAll(quiet, { ...input, hasFallbackImage: true }, events, quiet);
    for (const id of withImage) reached.add(id);
    // The fallback is reached by time, not by an event: the machine test covers it on the test clock.
    expect(stateIds(videoMachine).filter((id) => !reached.has(id))).toEqual(['video.mounted.fallback']);
  });

  it('media player', () => {
    const quiet = mediaPlayerMachine.provide({ actors: { consentSource: fromCallback(() => undefined), media: fromCallback(() => undefined) } });
    const events = [
      { type: 'player.mounted' },
      { type: 'consent.update', consent: ACCEPT_ALL },
      { type: 'consent.update', consent: NO_CONSENT },
      { type: 'consent.grant', remember: true },
      { type: 'consent.grant.all' },
      { type: 'media.playing' },
      { type: 'media.paused' },
      { type: 'media.ended' },
      { type: 'media.error', message: 'x' },
    ];
    const reached = replayAll(quiet, { sources: [{ src: '/a.mp4' }] }, events, quiet);
    for (const id of replayAll(quiet, { sources: [{ src: '/a.flv' }] }, events, quiet)) reached.add(id);
    for (const id of replayAll(quiet, { sources: [{ src: 'https://www.youtube.com/watch?v=x' }] }, events, quiet)) reached.add(id);
    expect(stateIds(mediaPlayerMachine).filter((id) => !reached.has(id))).toEqual([]);
  });

  it('cookie consent', () => {
    const events = [
      { type: 'consent.grant', platform: 'youtube', remember: false },
      { type: 'consent.grant', platform: 'vimeo', remember: true },
      { type: 'consent.accept' },
      { type: 'consent.refuse' },
      { type: 'settings.open' },
      { type: 'settings.close' },
      { type: 'consent.save', essential: true, platforms: ['vimeo'] },
    ];
    const reached = replayAll(cookieConsentMachine, { stored: NO_CONSENT }, events, cookieConsentMachine);
    for (const id of replayAll(cookieConsentMachine, { stored: REFUSE_ALL }, events, cookieConsentMachine)) reached.add(id);
    expect(stateIds(cookieConsentMachine).filter((id) => !reached.has(id))).toEqual([]);
  });
});
