// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { lightboxMachine } from '../../machines/lightbox/lightbox.machine';
import { REMOVAL_DELAY_MS, TEXT_CONTENT_FAILED, TEXT_NOT_FOUND, type ContentResult } from '../../machines/lightbox/lightbox.rules';
import { Island } from '../../runtime/render/Island';
import { createTestClock } from '../../runtime/test-clock';
import { answeringPage, cleanUpAnsweringPages, islandShape, islandText } from '../../tests/support/answering';
import { Lightbox, type LightboxContent } from './Lightbox';
import lightboxBehaviour from './behaviour';
import lightbox from './widget';

const CONTENT: LightboxContent = {
  label: 'Family stories',
  items: [
    { url: '/stories/ella.html', title: 'Ella’s first sail' },
    { url: '/images/music.svg', title: 'A photo of the music room', alt: 'A drum and a ukulele' },
    { url: '/stories/sam.html', title: 'Sam’s music sessions' },
  ],
};
const ONE: LightboxContent = { label: 'One story', items: [{ url: '/images/boats.svg', title: 'Boats' }] };
const ARABIC: LightboxContent = { ...CONTENT, translations: { close: 'إغلاق', previous: 'السابق', next: 'التالي', count: '({index} من {count})', loading: 'جارٍ التحميل…' } };

const prerendered = (content: LightboxContent) => renderToString(<Island widget={lightbox} content={content} />);
/** The view rendered over `actor` as its island holds it. */
const rendered = (actor: ReturnType<typeof lightboxActor>['actor'], content: LightboxContent) =>
  renderToString(
    <div data-widget="lightbox">
      <Lightbox actorRef={actor} content={content} />
    </div>,
  );

/** The lightbox's machine on a test clock, its loads settled by the test (`settle`), one at a time. */
function lightboxActor(content: LightboxContent) {
  let settle: { image?: (ok: boolean) => void; content?: (result: ContentResult | Error) => void } = {};
  const clock = createTestClock();
  const machine = lightboxMachine.provide({
    actors: {
      loadImage: fromPromise<void, { src: string }>(() => new Promise((resolve, reject) => (settle = { image: (ok) => (ok ? resolve() : reject(new Error('404'))) }))),
      fetchContent: fromPromise<ContentResult, { url: string }>(
        () => new Promise((resolve, reject) => (settle = { content: (result) => (result instanceof Error ? reject(result) : resolve(result)) })),
      ),
    },
  });
  const actor = createActor(machine, { input: { items: content.items }, clock }).start();
  return { actor, clock, image: (ok: boolean) => settle.image?.(ok), content: (result: ContentResult | Error) => settle.content?.(result) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

cleanUpAnsweringPages();

/** One island drawn by `bind` through the lightbox's states, each compared with the view's render of it. */
async function drawnThrough(content: LightboxContent, steps: Array<{ name: string; act: (at: ReturnType<typeof lightboxActor>) => unknown }>) {
  const at = lightboxActor(content);
  const host = document.createElement('div');
  host.innerHTML = prerendered(content);
  const island = host.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
  const seen: string[] = [];
  for (const step of steps) {
    await step.act(at);
    await flush();
    lightboxBehaviour.bind?.(island, at.actor.getSnapshot(), content);
    const view = rendered(at.actor, content);
    expect(islandShape(host.innerHTML), step.name).toEqual(islandShape(view));
    expect(islandText(host.innerHTML), step.name).toBe(islandText(view));
    seen.push(JSON.stringify(at.actor.getSnapshot().value));
  }
  return { seen, host };
}

describe('the lightbox behaviour draws the dialog the view renders (issue 35, goal 2)', () => {
  it('through every state: closed, loading content, shown content, loading and shown image, failed (404, error, image), closing, closed', async () => {
    const { seen } = await drawnThrough(CONTENT, [
      { name: 'closed', act: () => undefined },
      { name: 'loading content', act: ({ actor }) => actor.send({ type: 'lightbox.open', index: 0 }) },
      { name: 'content shown', act: (at) => at.content({ status: 'ok', html: '<article><h2>Ella’s first sail</h2><p>Out on the bay.</p></article>' }) },
      { name: 'loading image', act: ({ actor }) => actor.send({ type: 'nav.next' }) },
      { name: 'image shown', act: (at) => at.image(true) },
      { name: 'loading content again', act: ({ actor }) => actor.send({ type: 'nav.next' }) },
      { name: 'not found', act: (at) => at.content({ status: 'not-found' }) },
      { name: 'loading image from a failure', act: ({ actor }) => actor.send({ type: 'nav.prev' }) },
      { name: 'image failed', act: (at) => at.image(false) },
      { name: 'loading content from the image', act: ({ actor }) => actor.send({ type: 'nav.prev' }) },
      { name: 'content failed', act: (at) => at.content(new Error('500')) },
      { name: 'closing', act: ({ actor }) => actor.send({ type: 'lightbox.close' }) },
      { name: 'closed again', act: ({ clock }) => clock.advanceBy(REMOVAL_DELAY_MS) },
    ]);
    expect(seen).toEqual([
      '"closed"',
      '{"open":"loadingContent"}',
      '{"open":"shown"}',
      '{"open":"loadingImage"}',
      '{"open":"shown"}',
      '{"open":"loadingContent"}',
      '{"open":"failed"}',
      '{"open":"loadingImage"}',
      '{"open":"failed"}',
      '{"open":"loadingContent"}',
      '{"open":"failed"}',
      '"closing"',
      '"closed"',
    ]);
  });

  it('one item: no count, no arrows; in the page’s language: its labels', async () => {
    await drawnThrough(ONE, [
      { name: 'loading', act: ({ actor }) => actor.send({ type: 'lightbox.open', index: 0 }) },
      { name: 'shown', act: (at) => at.image(true) },
    ]);
    await drawnThrough(ARABIC, [
      { name: 'loading', act: ({ actor }) => actor.send({ type: 'lightbox.open', index: 1 }) },
      { name: 'shown', act: (at) => at.image(true) },
    ]);
  });

  it('the drawn dialog is the view’s: not the closed markup (the comparison can fail)', async () => {
    const at = lightboxActor(CONTENT);
    at.actor.send({ type: 'lightbox.open', index: 1 });
    expect(islandShape(rendered(at.actor, CONTENT))).not.toEqual(islandShape(prerendered(CONTENT)));
    expect(islandShape(rendered(at.actor, CONTENT)).some((element) => element.startsWith('DIALOG aria-busy=true aria-labelledby=lightbox-title class=lightbox lightbox--loading'))).toBe(true);
  });
});

describe('the lightbox answers a first tap without its view (issue 35, goal 2)', () => {
  it('a tap on a story before the chunk arrives is acknowledged, then opens the dialog; arrows, Escape, the close button; the view never loads', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      String(url).endsWith('/stories/sam.html') ? new Response('gone', { status: 404 }) : new Response('<main><h2>A story</h2></main>', { status: 200 }),
    );
    const { island, view, clock, release, controller } = answeringPage(prerendered(CONTENT), lightbox, lightboxBehaviour);
    const dialog = () => island.querySelector<HTMLDialogElement>('dialog.lightbox');
    const link = island.querySelectorAll<HTMLAnchorElement>('.lightbox-links a')[0] as HTMLAnchorElement;
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(tap);
    // Held, not followed: the page stays, and the tap is acknowledged.
    expect(tap.defaultPrevented).toBe(true);
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(dialog()).toBeNull();
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    expect(island.hasAttribute('aria-busy')).toBe(false);
    await vi.waitFor(() => expect(dialog()?.getAttribute('aria-busy')).toBe('false'));
    expect(dialog()?.querySelector('.lightbox__title')?.textContent).toBe('Ella’s first sail (1 of 3)');
    expect(dialog()?.querySelector('.lightbox__content h2')?.textContent).toBe('A story');
    dialog()?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true }));
    // §8: the story before the first is the last, which is not there.
    await vi.waitFor(() => expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe(TEXT_NOT_FOUND));
    expect(dialog()?.querySelector('.lightbox__title')?.textContent).toBe('Sam’s music sessions (3 of 3)');
    expect(dialog()?.querySelector('.lightbox__content')).toBeNull();
    dialog()?.querySelector<HTMLButtonElement>('.lightbox__arrow--prev')?.click();
    expect(dialog()?.querySelector('.lightbox__title')?.textContent).toBe('A photo of the music room (2 of 3)');
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    dialog()?.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(true);
    expect(dialog()?.className).toBe('lightbox lightbox--closing');
    clock.advanceBy(REMOVAL_DELAY_MS);
    expect(dialog()).toBeNull();
    link.click();
    await vi.waitFor(() => expect(dialog()?.getAttribute('aria-busy')).toBe('false'));
    dialog()?.querySelector<HTMLButtonElement>('.lightbox__close')?.click();
    clock.advanceBy(REMOVAL_DELAY_MS);
    expect(dialog()).toBeNull();
    expect(view).not.toHaveBeenCalled();
  });

  it('§8: a story that cannot be loaded says so, as an alert', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('down', { status: 500 }));
    const { island, release, controller } = answeringPage(prerendered(CONTENT), lightbox, lightboxBehaviour);
    release();
    await controller.settled();
    island.querySelectorAll<HTMLAnchorElement>('.lightbox-links a')[2]?.click();
    await vi.waitFor(() => expect(island.querySelector('dialog [role="alert"]')?.textContent).toBe(TEXT_CONTENT_FAILED));
  });

  it('content its machine cannot read fails the island once, as a view that throws did; its links stay plain links (issue 22)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = prerendered(CONTENT).replace(/("items":)\[[^\]]*\]/, '$1{}');
    expect(broken).toContain('"items":{}');
    const { island, release, controller, view } = answeringPage(broken, lightbox, lightboxBehaviour);
    const link = island.querySelector<HTMLAnchorElement>('.lightbox-links a') as HTMLAnchorElement;
    link.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('failed');
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/^\[sitecharts\] lightbox \(island lightbox-\d+-\) failed/);
    expect(island.querySelector('dialog')).toBeNull();
    expect(view).not.toHaveBeenCalled();
  });
});
