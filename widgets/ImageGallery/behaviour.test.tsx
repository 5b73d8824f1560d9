// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { imageGalleryMachine } from '../../machines/image-gallery/image-gallery.machine';
import { THUMBNAIL_STAGGER_MS } from '../../machines/image-gallery/image-gallery.rules';
import { lightboxMachine } from '../../machines/lightbox/lightbox.machine';
import { REMOVAL_DELAY_MS, TEXT_IMAGE_FAILED } from '../../machines/lightbox/lightbox.rules';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { StubIntersectionObserver } from '../../tests/support/intersection-observer';
import { answeringPage, cleanUpAnsweringPages, islandShape, islandText } from '../../tests/support/answering';
import { ImageGallery, type ImageGalleryContent } from './ImageGallery';
import galleryBehaviour from './behaviour';
import gallery from './widget';

const image = (name: string) => ({ src: `/images/${name}.svg`, alt: `A picture of the ${name}`, width: 1200, height: 675 });
const CONTENT: ImageGalleryContent = {
  label: 'Photos',
  items: [
    { image: image('harbour'), caption: 'The harbour' },
    { image: image('house'), caption: 'The house', previewLink: { href: '/#services', newWindow: false } },
    { image: image('garden'), caption: 'The garden', previewLink: { href: 'https://example.org/', newWindow: true } },
    { image: image('boats'), caption: 'The boats' },
  ],
};
const ARABIC: ImageGalleryContent = { ...CONTENT, translations: { viewLarger: '{caption}: عرض أكبر', close: 'إغلاق', next: 'التالي', previous: 'السابق', count: '({index} من {count})' } };

const prerendered = (content: ImageGalleryContent) => renderToString(<Island widget={gallery} content={content} />);

/** The gallery's machine on a test clock, its lightbox's image loads settled by the test. */
function galleryActor(content: ImageGalleryContent, stagger = true) {
  let settle: (ok: boolean) => void = () => undefined;
  const clock = createTestClock();
  const lightbox = lightboxMachine.provide({
    actors: { loadImage: fromPromise<void, { src: string }>(() => new Promise((resolve, reject) => (settle = (ok) => (ok ? resolve() : reject(new Error('404')))))) },
  });
  const input = galleryBehaviour.input(
    {},
    content,
    { clock, random: () => 0, warn: () => undefined },
  );
  const actor = createActor(imageGalleryMachine.provide({ actors: { lightbox } }), { input: { ...input, stagger }, clock }).start();
  return { actor, clock, image: (ok: boolean) => settle(ok), lightbox: () => actor.getSnapshot().children.lightbox as ActorRefFrom<typeof lightboxMachine> };
}
type At = ReturnType<typeof galleryActor>;

/** The view rendered over `actor` as its island holds it: its own root, as the prerender renders it (with React's preload link). */
const rendered = (actor: At['actor'], content: ImageGalleryContent) =>
  `<div data-widget="image-gallery">${renderToString(<ImageGallery actorRef={actor} content={content} />)}</div>`;

/**
 * The island's shape without the preload hint React's server render puts first for the first picture
 * it meets: written once by the prerender, not part of any state (the hydrating view renders none).
 */
const shape = (html: string) => islandShape(html).filter((element) => !element.startsWith('LINK as=image'));

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

cleanUpAnsweringPages();

/** One island drawn by `bind` through the gallery's states, each compared with the view's render of it. */
async function drawnThrough(content: ImageGalleryContent, steps: Array<{ name: string; act: (at: At) => unknown }>, stagger = true) {
  const at = galleryActor(content, stagger);
  const host = document.createElement('div');
  host.innerHTML = prerendered(content);
  const island = host.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
  for (const step of steps) {
    await step.act(at);
    await flush();
    galleryBehaviour.bind?.(island, at.actor.getSnapshot(), content);
    const view = rendered(at.actor, content);
    expect(shape(host.innerHTML), step.name).toEqual(shape(view));
    expect(islandText(host.innerHTML), step.name).toBe(islandText(view));
  }
  return host;
}

describe('the image gallery behaviour draws what the view renders (issue 35, goal 2)', () => {
  it('the stagger, each preview (the lightbox’s, its own address, a new window), and the lightbox through its states', async () => {
    await drawnThrough(CONTENT, [
      { name: 'nothing revealed', act: () => undefined },
      { name: 'one revealed', act: ({ clock }) => clock.advanceBy(THUMBNAIL_STAGGER_MS) },
      { name: 'all revealed', act: ({ clock }) => clock.advanceBy(4 * THUMBNAIL_STAGGER_MS) },
      { name: 'a preview with its own address', act: ({ actor }) => actor.send({ type: 'preview.select', index: 1 }) },
      { name: 'a preview that opens a new window', act: ({ actor }) => actor.send({ type: 'preview.select', index: 2 }) },
      { name: 'the last preview', act: ({ actor }) => actor.send({ type: 'preview.select', index: 3 }) },
      { name: 'the lightbox loading', act: ({ actor }) => actor.send({ type: 'thumbnail.open', index: 3 }) },
      { name: 'the lightbox shown', act: (at) => at.image(true) },
      { name: 'the next picture loading', act: (at) => at.lightbox().send({ type: 'nav.next' }) },
      { name: 'the next picture failed', act: (at) => at.image(false) },
      { name: 'the previous picture shown', act: (at) => (at.lightbox().send({ type: 'nav.prev' }), at.image(true)) },
      { name: 'closing', act: (at) => at.lightbox().send({ type: 'lightbox.close' }) },
      { name: 'closed', act: ({ clock }) => clock.advanceBy(REMOVAL_DELAY_MS) },
      { name: 'the preview opens the lightbox', act: ({ actor }) => (actor.send({ type: 'preview.select', index: 0 }), actor.send({ type: 'preview.click' })) },
    ]);
  });

  it('without the stagger (reduced motion), and in the page’s language', async () => {
    await drawnThrough(CONTENT, [{ name: 'all at once', act: () => undefined }], false);
    await drawnThrough(ARABIC, [
      { name: 'revealed', act: ({ clock }) => clock.advanceBy(4 * THUMBNAIL_STAGGER_MS) },
      { name: 'the lightbox shown', act: (at) => (at.actor.send({ type: 'thumbnail.open', index: 1 }), at.image(true)) },
    ]);
  });

  it('the states differ from the prerendered markup (the comparison can fail)', () => {
    const at = galleryActor(CONTENT);
    at.actor.send({ type: 'preview.select', index: 2 });
    at.actor.send({ type: 'thumbnail.open', index: 2 });
    expect(shape(rendered(at.actor, CONTENT))).not.toEqual(shape(prerendered(CONTENT)));
  });
});

describe('the image gallery answers the visitor without its view (issue 35, goal 2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a tap on a thumbnail before the chunk arrives is acknowledged, then opens the lightbox on it; the arrows, Escape; the view never loads', async () => {
    vi.stubGlobal('IntersectionObserver', StubIntersectionObserver);
    const { island, view, clock, release, controller } = answeringPage(prerendered(CONTENT), gallery, galleryBehaviour);
    const thumbs = [...island.querySelectorAll<HTMLAnchorElement>('.image-gallery__thumb a')];
    const dialog = () => island.querySelector<HTMLDialogElement>('dialog.lightbox');
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    thumbs[3]?.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);
    expect(island.getAttribute('aria-busy')).toBe('true');
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    // jsdom decodes no image: the picture fails to load, which is a state the behaviour draws too.
    await vi.waitFor(() => expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe(TEXT_IMAGE_FAILED));
    expect(dialog()?.getAttribute('aria-labelledby')).toBe(dialog()?.querySelector('.lightbox__title')?.id);
    expect(dialog()?.querySelector('.lightbox__title')?.textContent).toBe('The boats (4 of 4)');
    dialog()?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    expect(dialog()?.querySelector('.lightbox__title')?.textContent).toBe('The harbour (1 of 4)');
    dialog()?.querySelector<HTMLButtonElement>('.lightbox__arrow--next')?.click();
    expect(dialog()?.querySelector('.lightbox__title')?.textContent).toBe('The house (2 of 4)');
    dialog()?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(dialog()?.className).toBe('lightbox lightbox--closing');
    clock.advanceBy(REMOVAL_DELAY_MS);
    expect(dialog()).toBeNull();
    expect(view).not.toHaveBeenCalled();
  });

  it('hovering and focusing a thumbnail preview it; the preview with its own address goes there; the view never loads', async () => {
    const assign = vi.fn();
    vi.stubGlobal('IntersectionObserver', StubIntersectionObserver);
    const { island, view, release, controller } = answeringPage(prerendered(CONTENT), gallery, galleryBehaviour);
    release();
    StubIntersectionObserver.last?.report(island, true);
    await vi.waitFor(() => expect(island.dataset.island).toBe('answering'));
    await controller.settled();
    const thumbs = [...island.querySelectorAll<HTMLAnchorElement>('.image-gallery__thumb a')];
    const preview = island.querySelector<HTMLAnchorElement>('.image-gallery__preview a') as HTMLAnchorElement;
    thumbs[3]?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(preview.getAttribute('aria-label')).toBe('The boats: view larger');
    expect(island.querySelector('.image-gallery__preview figcaption')?.textContent).toBe('The boats');
    expect(thumbs.map((thumb) => thumb.getAttribute('aria-current'))).toEqual([null, null, null, 'true']);
    thumbs[1]?.focus();
    expect(preview.getAttribute('href')).toBe('/#services');
    expect(preview.querySelector('img')?.getAttribute('src')).toBe('/images/house.svg');
    // The machine's adapter leaves the page (jsdom cannot): its address is what counts.
    const location = { ...window.location, assign };
    vi.stubGlobal('location', location);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    preview.querySelector('img')?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(assign).toHaveBeenCalledWith('/#services');
    expect(view).not.toHaveBeenCalled();
  });
});
