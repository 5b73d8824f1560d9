import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { lightboxMachine } from '../lightbox/lightbox.machine';
import type { LightboxEntry } from '../lightbox/lightbox.rules';
import { imageGalleryMachine, type ImageGalleryInput } from './image-gallery.machine';
import { THUMBNAIL_STAGGER_MS, previewClick } from './image-gallery.rules';

const items: LightboxEntry[] = ['harbour', 'garden', 'day-centre', 'boats'].map((name) => ({ url: `/images/${name}.svg`, title: name }));

function start(overrides: Partial<ImageGalleryInput> = {}) {
  const clock = createTestClock();
  const opened: string[] = [];
  const machine = imageGalleryMachine.provide({
    actors: { lightbox: lightboxMachine.provide({ actors: { loadImage: fromPromise(async () => {}) } }) },
    actions: {
      openInNewWindow: (_, { href }) => void opened.push(`new ${href}`),
      openInSameWindow: (_, { href }) => void opened.push(`same ${href}`),
    },
  });
  const actor = createActor(machine, { input: { items, previewLinks: items.map(() => null), stagger: true, ...overrides }, clock }).start();
  const lightbox = () => actor.getSnapshot().children.lightbox as ActorRefFrom<typeof lightboxMachine>;
  return { actor, clock, opened, lightbox, ctx: () => actor.getSnapshot().context };
}

describe('image gallery (§2, §9)', () => {
  it('thumbnails appear one by one, 110 ms apart', () => {
    const { clock, ctx, actor } = start();
    expect(ctx().revealed).toBe(0);
    const times: number[] = [];
    actor.subscribe((s) => {
      if (s.context.revealed > times.length) times.push(clock.now());
    });
    clock.advanceBy(10 * THUMBNAIL_STAGGER_MS);
    expect(times).toEqual([110, 220, 330, 440]);
    expect(actor.getSnapshot().matches({ thumbnails: 'revealed' })).toBe(true);
  });

  it('with reduced motion every thumbnail shows at once', () => {
    const { ctx } = start({ stagger: false });
    expect(ctx().revealed).toBe(4);
  });

  it('a thumbnail opens the lightbox on its image', () => {
    const { actor, lightbox } = start();
    actor.send({ type: 'thumbnail.open', index: 2 });
    expect(lightbox().getSnapshot().context.index).toBe(2);
    expect(lightbox().getSnapshot().matches('open')).toBe(true);
  });

  it('a click on the big preview triggers the matching thumbnail link', () => {
    const { actor, lightbox } = start();
    actor.send({ type: 'preview.select', index: 3 });
    actor.send({ type: 'preview.click' });
    expect(lightbox().getSnapshot().context.index).toBe(3);
  });

  it('a preview with its own address opens it in a new or the same window per its flag', () => {
    const { actor, opened, lightbox } = start({
      previewLinks: [null, { href: '/visit/', newWindow: true }, { href: '/garden/', newWindow: false }, null],
    });
    actor.send({ type: 'preview.select', index: 1 });
    actor.send({ type: 'preview.click' });
    actor.send({ type: 'preview.select', index: 2 });
    actor.send({ type: 'preview.click' });
    expect(opened).toEqual(['new /visit/', 'same /garden/']);
    expect(lightbox().getSnapshot().value).toBe('closed');
  });

  it('ignores an unknown thumbnail', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'preview.select', index: 9 });
    expect(ctx().selected).toBe(0);
  });

  it('previewClick rule: an empty address falls back to the thumbnail', () => {
    expect(previewClick(1, { href: '', newWindow: true })).toEqual({ kind: 'thumbnail', index: 1 });
  });
});
