import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { lightboxMachine } from './lightbox.machine';
import {
  REMOVAL_DELAY_MS,
  TEXT_CONTENT_FAILED,
  TEXT_IMAGE_FAILED,
  TEXT_NOT_FOUND,
  failureText,
  isImageUrl,
  lightboxItem,
  preloadIndices,
  type ContentResult,
  type LightboxEntry,
} from './lightbox.rules';

const images: LightboxEntry[] = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ url: `/images/${name}.svg`, title: name }));

/** Lets the promise adapters settle (a few microtask turns). */
async function settle() {
  for (let turn = 0; turn < 10; turn++) await Promise.resolve();
}

function start(items: LightboxEntry[], adapters: { image?: (src: string) => Promise<void>; content?: (url: string) => Promise<ContentResult> } = {}) {
  const clock = createTestClock();
  const log: string[] = [];
  const machine = lightboxMachine.provide({
    actors: {
      loadImage: fromPromise(({ input }) => adapters.image?.(input.src) ?? Promise.resolve()),
      fetchContent: fromPromise(({ input }) => adapters.content?.(input.url) ?? Promise.resolve({ status: 'ok', html: `<p>${input.url}</p>` })),
    },
    actions: {
      preload: (_, params) => void log.push(`preload ${params.items.map((i) => (i.kind === 'image' ? i.src : i.url)).join(' ')}`),
      focusDialog: () => void log.push('focus dialog'),
      returnFocus: () => void log.push(`return focus at ${clock.now()}`),
    },
  });
  const actor = createActor(machine, { input: { items }, clock }).start();
  return { actor, clock, log, ctx: () => actor.getSnapshot().context };
}

describe('lightbox rules (§8, §9)', () => {
  it('preloads 1 before and 1 after, wrapping, never the item itself', () => {
    expect(preloadIndices(2, 5)).toEqual([1, 3]);
    expect(preloadIndices(0, 5)).toEqual([4, 1]);
    expect(preloadIndices(4, 5)).toEqual([3, 0]);
    expect(preloadIndices(0, 2)).toEqual([1]);
    expect(preloadIndices(0, 1)).toEqual([]);
  });

  it('picks the §8 text for each failure', () => {
    expect(failureText({ kind: 'image', src: 'x.png', alt: '', caption: '' }, 'error')).toBe('The image could not be loaded.');
    expect(failureText({ kind: 'content', url: '/x/', title: '' }, { status: 'not-found' })).toBe('Content not found');
    expect(failureText({ kind: 'content', url: '/x/', title: '' }, 'error')).toBe('The content could not be loaded.');
  });

  it('image addresses are loaded directly, others fetched', () => {
    expect(isImageUrl('/images/garden.svg')).toBe(true);
    expect(isImageUrl('/photos/a.JPG?w=2')).toBe(true);
    expect(isImageUrl('/stories/ella/')).toBe(false);
    expect(isImageUrl('/images/garden.svg.html')).toBe(false);
  });

  it('an entry is an image or content by its address alone (§7)', () => {
    expect(lightboxItem({ url: '/photos/boat.jpg', title: 'The boat', alt: 'A red sailing boat' })).toEqual({
      kind: 'image',
      src: '/photos/boat.jpg',
      alt: 'A red sailing boat',
      caption: 'The boat',
    });
    expect(lightboxItem({ url: '/photos/boat.jpg', title: 'The boat' })).toMatchObject({ kind: 'image', alt: 'The boat' });
    expect(lightboxItem({ url: '/stories/ella/', title: 'Ella', alt: 'unused' })).toEqual({ kind: 'content', url: '/stories/ella/', title: 'Ella' });
  });
});

describe('lightbox machine', () => {
  it('opens on an image, shows it, and preloads its neighbours', async () => {
    const { actor, log, ctx } = start(images);
    actor.send({ type: 'lightbox.open', index: 2 });
    expect(actor.getSnapshot().matches({ open: 'loadingImage' })).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches({ open: 'shown' })).toBe(true);
    expect(ctx().index).toBe(2);
    expect(log).toEqual(['focus dialog', 'preload /images/b.svg /images/d.svg']);
  });

  it('an image address is loaded directly and never fetched; any other address is fetched (§7)', async () => {
    const fetched: string[] = [];
    const loaded: string[] = [];
    const items: LightboxEntry[] = [
      { url: '/uploads/sam-drum.JPG', title: 'Sam’s drum' },
      { url: '/stories/sam.html', title: 'Sam’s story' },
    ];
    const { actor, ctx } = start(items, {
      image: async (src) => void loaded.push(src),
      content: async (url) => {
        fetched.push(url);
        return { status: 'ok', html: '<p>Sam</p>' };
      },
    });
    actor.send({ type: 'lightbox.open', index: 0 });
    expect(actor.getSnapshot().matches({ open: 'loadingImage' })).toBe(true);
    await settle();
    expect(ctx().items[0]).toMatchObject({ kind: 'image', src: '/uploads/sam-drum.JPG', alt: 'Sam’s drum' });
    actor.send({ type: 'nav.next' });
    expect(actor.getSnapshot().matches({ open: 'loadingContent' })).toBe(true);
    await settle();
    expect({ loaded, fetched }).toEqual({ loaded: ['/uploads/sam-drum.JPG'], fetched: ['/stories/sam.html'] });
  });

  it('arrow keys (nav.next / nav.prev) move through the gallery and wrap', async () => {
    const { actor, ctx } = start(images);
    actor.send({ type: 'lightbox.open', index: 4 });
    actor.send({ type: 'nav.next' });
    expect(ctx().index).toBe(0);
    actor.send({ type: 'nav.prev' });
    actor.send({ type: 'nav.prev' });
    expect(ctx().index).toBe(3);
    await settle();
    expect(actor.getSnapshot().matches({ open: 'shown' })).toBe(true);
  });

  it('a single item does not move, nor load again', async () => {
    const { actor, ctx } = start(images.slice(0, 1));
    actor.send({ type: 'lightbox.open', index: 0 });
    await settle();
    expect(actor.getSnapshot().matches({ open: 'shown' })).toBe(true);
    actor.send({ type: 'nav.next' });
    actor.send({ type: 'nav.prev' });
    expect(ctx().index).toBe(0);
    // Still shown: the arrows of a one-item gallery neither step nor reload it (§7).
    expect(actor.getSnapshot().matches({ open: 'shown' })).toBe(true);
  });

  it('ignores an open outside the items', () => {
    const { actor } = start(images);
    actor.send({ type: 'lightbox.open', index: 5 });
    actor.send({ type: 'lightbox.open', index: -1 });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('closing (Escape) is removed after 300 ms and gives focus back', () => {
    const { actor, clock, log } = start(images);
    actor.send({ type: 'lightbox.open', index: 0 });
    clock.advanceBy(1000);
    actor.send({ type: 'lightbox.close' });
    expect(actor.getSnapshot().value).toBe('closing');
    clock.advanceBy(REMOVAL_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('closing');
    clock.advanceBy(1);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(log.at(-1)).toBe(`return focus at ${1000 + REMOVAL_DELAY_MS}`);
  });

  it('an image that fails shows "The image could not be loaded."', async () => {
    const { actor, ctx } = start(images, { image: () => Promise.reject(new Error('404')) });
    actor.send({ type: 'lightbox.open', index: 1 });
    await settle();
    expect(actor.getSnapshot().matches({ open: 'failed' })).toBe(true);
    expect(ctx().error).toBe(TEXT_IMAGE_FAILED);
  });

  it('fetched content: shown, not found, or could not be loaded', async () => {
    const items: LightboxEntry[] = [
      { url: '/stories/ella/', title: 'Ella' },
      { url: '/stories/gone/', title: 'Gone' },
      { url: '/stories/broken/', title: 'Broken' },
    ];
    const { actor, ctx } = start(items, {
      content: (url) =>
        url.includes('gone') ? Promise.resolve({ status: 'not-found' }) : url.includes('broken') ? Promise.reject(new Error('500')) : Promise.resolve({ status: 'ok', html: '<p>Ella’s story</p>' }),
    });
    actor.send({ type: 'lightbox.open', index: 0 });
    await settle();
    expect(ctx()).toMatchObject({ html: '<p>Ella’s story</p>', error: '' });
    actor.send({ type: 'nav.next' });
    await settle();
    expect(actor.getSnapshot().matches({ open: 'failed' })).toBe(true);
    expect(ctx()).toMatchObject({ html: '', error: TEXT_NOT_FOUND });
    actor.send({ type: 'nav.next' });
    await settle();
    expect(ctx().error).toBe(TEXT_CONTENT_FAILED);
  });

  it('a result that arrives after moving on is dropped', async () => {
    let resolveFirst: (() => void) | undefined;
    const { actor, ctx } = start(images, {
      image: (src) => (src.endsWith('a.svg') ? new Promise<void>((resolve) => (resolveFirst = resolve)) : Promise.reject(new Error('x'))),
    });
    actor.send({ type: 'lightbox.open', index: 0 });
    actor.send({ type: 'nav.next' });
    await settle();
    resolveFirst?.();
    await settle();
    expect(ctx().index).toBe(1);
    expect(actor.getSnapshot().matches({ open: 'failed' })).toBe(true);
  });
});
