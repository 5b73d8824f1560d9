import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { createTestClock } from '../../runtime/test-clock';
import { imageGalleryMachine, type ImageGalleryContext, type ImageGalleryEvent } from '../../machines/image-gallery/image-gallery.machine';
import { lightboxMachine } from '../../machines/lightbox/lightbox.machine';
import { connectImageGallery } from './image-gallery.connect';
import { imageGalleryTranslations } from './image-gallery.translations';

const items = ['harbour', 'garden', 'boats'].map((name) => ({ url: `/images/${name}.svg`, title: `The ${name}`, alt: name }));

function connected(over: Partial<ImageGalleryContext> = {}) {
  const sent: ImageGalleryEvent[] = [];
  const context: ImageGalleryContext = { items, previewLinks: items.map(() => null), revealed: 0, selected: 0, stagger: true, ...over };
  const snapshot = imageGalleryMachine.resolveState({ value: { thumbnails: 'revealing', preview: {} }, context });
  return { api: connectImageGallery(snapshot, (event) => sent.push(event), imageGalleryTranslations, 'Photos'), sent };
}
const press = () => ({ preventDefault: vi.fn() });

describe('the image gallery connect layer (§1, §2 preview link and thumbnails)', () => {
  it('the preview links to the selected image and says it views larger; that thumbnail alone is aria-current', () => {
    const { api } = connected({ selected: 1, revealed: 2 });
    expect(api.previewLinkProps).toMatchObject({ href: '/images/garden.svg', target: undefined, rel: undefined, 'aria-label': 'The garden: view larger' });
    expect(items.map((_, index) => api.getThumbProps(index)['aria-current'])).toEqual([undefined, 'true', undefined]);
    expect(items.map((_, index) => api.getThumbProps(index).href)).toEqual(['/images/harbour.svg', '/images/garden.svg', '/images/boats.svg']);
    expect(items.map((_, index) => api.isRevealed(index))).toEqual([true, true, false]);
    expect(api.thumbsProps).toEqual({ 'aria-label': 'Photos' });
    expect(api.captionProps).toEqual({ 'aria-live': 'polite' });
  });

  it('a preview with its own address links there and says so, in a new window with noopener when it opens one', () => {
    const same = connected({ previewLinks: [{ href: '/stories/ella.html', newWindow: false }, null, null] }).api.previewLinkProps;
    expect(same).toMatchObject({ href: '/stories/ella.html', target: undefined, rel: undefined, 'aria-label': 'The harbour (opens /stories/ella.html)' });
    const other = connected({ previewLinks: [{ href: 'https://example.org/', newWindow: true }, null, null] }).api.previewLinkProps;
    expect(other).toMatchObject({ href: 'https://example.org/', target: '_blank', rel: 'noopener', 'aria-label': 'The harbour (opens https://example.org/ in a new window)' });
  });

  it('hover and focus preview a thumbnail; clicks stop the links\' navigation and send preview.click and thumbnail.open', () => {
    const { api, sent } = connected();
    api.getThumbProps(2).onMouseEnter();
    api.getThumbProps(1).onFocus();
    const thumbClick = press();
    api.getThumbProps(1).onClick(thumbClick);
    const previewClick = press();
    api.previewLinkProps.onClick(previewClick);
    expect(thumbClick.preventDefault).toHaveBeenCalledOnce();
    expect(previewClick.preventDefault).toHaveBeenCalledOnce();
    expect(sent).toEqual([{ type: 'preview.select', index: 2 }, { type: 'preview.select', index: 1 }, { type: 'thumbnail.open', index: 1 }, { type: 'preview.click' }]);
  });

  it('on a live actor: focusing a thumbnail moves the preview and aria-current; a preview click opens the lightbox on it', () => {
    const machine = imageGalleryMachine.provide({ actors: { lightbox: lightboxMachine.provide({ actors: { loadImage: fromPromise(async () => {}) } }) } });
    const actor = createActor(machine, { input: { items, previewLinks: items.map(() => null), stagger: false }, clock: createTestClock() }).start();
    const view = () => connectImageGallery(actor.getSnapshot(), actor.send, imageGalleryTranslations, 'Photos');
    expect(items.map((_, index) => view().isRevealed(index))).toEqual([true, true, true]);
    view().getThumbProps(2).onFocus();
    expect([view().selected, view().getThumbProps(2)['aria-current'], view().previewLinkProps['aria-label']]).toEqual([2, 'true', 'The boats: view larger']);
    view().previewLinkProps.onClick(press());
    const lightbox = actor.getSnapshot().children.lightbox as ActorRefFrom<typeof lightboxMachine>;
    expect(lightbox.getSnapshot().matches('closed')).toBe(false);
    expect(lightbox.getSnapshot().context.index).toBe(2);
  });

  it('the preview\'s name comes from the translations', () => {
    const snapshot = imageGalleryMachine.resolveState({
      value: { thumbnails: 'revealed', preview: {} },
      context: { items, previewLinks: items.map(() => null), revealed: 3, selected: 0, stagger: true },
    });
    const api = connectImageGallery(snapshot, () => undefined, { ...imageGalleryTranslations, viewLarger: '{caption}: عرض أكبر' }, 'صور');
    expect([api.previewLinkProps['aria-label'], api.thumbsProps['aria-label']]).toEqual(['The harbour: عرض أكبر', 'صور']);
  });
});
