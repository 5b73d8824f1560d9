import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { createTestClock } from '../../runtime/clock';
import { mediaPlayerMachine, type MediaActorInput, type MediaCommand, type MediaReport } from './media-player.machine';
import { TIME_UPDATE_MS, type MediaSource } from './media-player.rules';

function start(sources: MediaSource[] = [{ src: '/media/harbour.webm' }, { src: '/media/harbour.mp4' }]) {
  const clock = createTestClock();
  const commands: MediaCommand[] = [];
  const renderers: MediaActorInput[] = [];
  let report: ((event: MediaReport) => void) | undefined;
  let mediaTime = 0;
  const machine = mediaPlayerMachine.provide({
    actors: {
      media: fromCallback<MediaCommand, MediaActorInput>(({ sendBack, receive, input }) => {
        renderers.push(input);
        report = sendBack;
        receive((command) => {
          commands.push(command);
          if (command.type === 'time.read') sendBack({ type: 'media.time', currentTime: mediaTime, duration: 6 });
        });
      }),
    },
  });
  const actor = createActor(machine, { input: { sources }, clock });
  const timeUpdates: number[] = [];
  actor.on('media.timeupdate', (event) => timeUpdates.push(event.currentTime));
  actor.start();
  const mediaSays = (event: MediaReport) => {
    if (!report) throw new Error('no renderer was created');
    report(event);
  };
  return { actor, clock, commands, renderers, timeUpdates, mediaSays, setMediaTime: (t: number) => void (mediaTime = t) };
}

describe('embedded media player (§4, §8, §9)', () => {
  it('after hydration the first playable source picks the native renderer', () => {
    const { actor, renderers } = start();
    expect(actor.getSnapshot().value).toBe('pending');
    actor.send({ type: 'player.mounted' });
    expect(renderers).toEqual([{ renderer: 'native', source: { src: '/media/harbour.webm' } }]);
    expect(actor.getSnapshot().matches({ ready: 'paused' })).toBe(true);
  });

  it('an HLS playlist goes to the streaming renderer', () => {
    const { actor, renderers } = start([{ src: '/media/hls/harbour.m3u8' }]);
    actor.send({ type: 'player.mounted' });
    expect(renderers[0]?.renderer).toBe('hls');
  });

  it('with only flv sources there is no player, only the download-file link', () => {
    const { actor, renderers } = start([{ src: '/media/old.flv' }]);
    actor.send({ type: 'player.mounted' });
    expect(actor.getSnapshot().value).toBe('download');
    expect(renderers).toEqual([]);
  });

  it('emits a time update every 250 ms while playing, and none while paused', () => {
    const { actor, clock, mediaSays, timeUpdates, setMediaTime } = start();
    actor.send({ type: 'player.mounted' });
    actor.send({ type: 'player.toggle' });
    mediaSays({ type: 'media.playing' });
    setMediaTime(1);
    clock.advanceBy(TIME_UPDATE_MS - 1);
    expect(timeUpdates).toEqual([]);
    clock.advanceBy(1);
    expect(timeUpdates).toHaveLength(1);
    clock.advanceBy(TIME_UPDATE_MS * 3);
    expect(timeUpdates).toHaveLength(4);
    expect(actor.getSnapshot().context.currentTime).toBe(1);
    mediaSays({ type: 'media.paused' });
    clock.advanceBy(TIME_UPDATE_MS * 4);
    expect(timeUpdates).toHaveLength(4);
    expect(clock.pending()).toBe(0);
  });

  it('toggle plays when paused or ended, pauses when playing', () => {
    const { actor, commands, mediaSays } = start();
    actor.send({ type: 'player.mounted' });
    actor.send({ type: 'player.toggle' });
    mediaSays({ type: 'media.playing' });
    actor.send({ type: 'player.toggle' });
    mediaSays({ type: 'media.ended' });
    expect(actor.getSnapshot().matches({ ready: 'ended' })).toBe(true);
    actor.send({ type: 'player.toggle' });
    expect(commands.filter((c) => c.type !== 'time.read')).toEqual([{ type: 'play' }, { type: 'pause' }, { type: 'play' }]);
  });

  it('seeks by 5 s with the arrow keys, within 0 and the duration', () => {
    const { actor, commands, mediaSays } = start();
    actor.send({ type: 'player.mounted' });
    mediaSays({ type: 'media.loaded', duration: 6 });
    actor.send({ type: 'player.step', direction: -1 });
    actor.send({ type: 'player.step', direction: 1 });
    actor.send({ type: 'player.seek', seconds: 60 });
    expect(commands).toEqual([
      { type: 'seek', seconds: 0 },
      { type: 'seek', seconds: 5 },
      { type: 'seek', seconds: 6 },
    ]);
  });

  it('mute toggles and volume changes reach the renderer', () => {
    const { actor, commands } = start();
    actor.send({ type: 'player.mounted' });
    actor.send({ type: 'player.mute.toggle' });
    actor.send({ type: 'player.volume', volume: 0.4 });
    expect(commands).toEqual([
      { type: 'volume', volume: 1, muted: true },
      { type: 'volume', volume: 0.4, muted: false },
    ]);
  });

  it("shows a video-site error as 'Code N: message'", () => {
    const { actor, mediaSays } = start([{ src: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' }]);
    actor.send({ type: 'player.mounted' });
    mediaSays({ type: 'media.error', code: 101, message: 'embed refused' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Code 101: the owner does not allow playing in embedded players');
  });

  it('a native error carries its message and the list of URLs', () => {
    const { actor, mediaSays } = start();
    actor.send({ type: 'player.mounted' });
    mediaSays({ type: 'media.error', message: 'The media could not be loaded.' });
    expect(actor.getSnapshot().context.error).toBe('The media could not be loaded. (/media/harbour.webm, /media/harbour.mp4)');
  });
});
