// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActorRefFrom, SnapshotFrom, StateValue } from 'xstate';
import { OVERLAY_FADE_MS, donationCheckoutMachine, type DonationCheckoutContext } from '../../machines/donation-checkout/donation-checkout.machine';
import { placeCheckout } from '../../machines/donation-checkout/donation-checkout.rules';
import { FRAME_MS } from '../../runtime/clock';
import { Island } from '../../runtime/render/Island';
import { answeringPage, cleanUpAnsweringPages, islandShape, islandText } from '../../tests/support/answering';
import donateBehaviour, { drawDonateButton } from './behaviour';
import { renderDonateButton } from './donate-api';
import { donateButtonSettings, propsOf } from './donate-button.settings';
import donateButton from './widget';

const PROVIDER = 'http://127.0.0.1:4174';
const CHECKOUT = { env: 'sandbox', hosted_button_id: 'HB-1', currency_code: 'USD' };
const LABELLED = { ...CHECKOUT, label: 'Donate by card' };
const FRAMED = { ...LABELLED, popupsDisabled: true };
const REMOTE = { variant: 'remote', env: 'sandbox', hosted_button_id: 'HB-Q', imageAlt: 'Quick donate' };

type Settings = Record<string, string | number | boolean>;

/** React 19 puts a preload link for an image into a lone render; a page's prerender hoists it to the head. */
const withoutPreloads = (html: string) => html.replace(/<link rel="preload"[^>]*>/g, '');

const prerendered = (settings: Settings) => withoutPreloads(renderToString(<Island widget={donateButton} settings={settings} hydrate="idle" />));

/** The machine at `value`, as it gets there on a page whose provider is the local sandbox. */
function stateOf(settings: Settings, value: StateValue, context: Partial<DonationCheckoutContext> = {}): SnapshotFrom<typeof donationCheckoutMachine> {
  const parsed = donateButtonSettings.parse(Object.fromEntries(Object.entries(settings).map(([key, text]) => [key, String(text)])));
  const props = propsOf(parsed);
  return donationCheckoutMachine.resolveState({
    value,
    context: {
      variant: parsed.variant,
      props,
      origin: 'http://localhost:3000',
      popupsSupported: !parsed.popupsDisabled,
      documentMode: false,
      overlayAlert: null,
      hideCloseButton: parsed.hideCloseButton,
      place: value === 'configuring' ? null : placeCheckout({ providerUrl: PROVIDER, env: props.env }),
      startRequested: false,
      redirectedTo: null,
      lastError: null,
      donation: null,
      frameHeight: 120,
      ...context,
    },
  });
}

/** What the view renders at a state: the prerendered island with the view's markup for it. */
function viewOf(settings: Settings, snapshot: SnapshotFrom<typeof donationCheckoutMachine>): string {
  const View = donateButton.View;
  // The view reads the state through the actor's snapshot only (useSelector): an actor at that state, never started.
  const actor = { getSnapshot: () => snapshot, subscribe: () => ({ unsubscribe: () => undefined }), send: () => undefined } as unknown as ActorRefFrom<typeof donationCheckoutMachine>;
  const parsed = donateButtonSettings.parse(Object.fromEntries(Object.entries(settings).map(([key, text]) => [key, String(text)])));
  const html = withoutPreloads(renderToString(<View actorRef={actor} settings={parsed} content={undefined} slots={{}} />));
  const island = prerendered(settings);
  return island.replace(/^(<div[^>]*data-widget="donate-button"[^>]*>)[\s\S]*(<\/div>(?:<script[\s\S]*)?)$/, `$1${html}$2`);
}

/** The prerendered island with `bind` drawn on it at each of `snapshots` in turn. */
function drawn(settings: Settings, ...snapshots: Array<SnapshotFrom<typeof donationCheckoutMachine>>): string {
  const host = document.createElement('div');
  host.innerHTML = prerendered(settings);
  document.body.append(host);
  const island = host.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
  for (const snapshot of snapshots) drawDonateButton(island, snapshot, undefined);
  return host.innerHTML;
}

cleanUpAnsweringPages();

describe('the donate button behaviour draws what the view renders (issue 35, goal 2)', () => {
  it.each([
    { name: 'the accent button, idle', settings: LABELLED, value: 'idle' },
    { name: 'the image button, idle', settings: CHECKOUT, value: 'idle' },
    { name: 'the popup opening: the overlay with its help and close link', settings: LABELLED, value: { popup: 'opening' } },
    { name: 'the popup loading', settings: LABELLED, value: { popup: 'loading' } },
    { name: 'the popup ready, no close link', settings: { ...LABELLED, hideCloseButton: true }, value: { popup: 'ready' } },
    { name: 'the frame prerendering: the spinner and the frame', settings: FRAMED, value: { framing: 'prerendering' } },
    { name: 'the frame revealing', settings: FRAMED, value: { framing: 'revealing' } },
    { name: 'the frame shown, no close link', settings: { ...FRAMED, hideCloseButton: true }, value: { framing: 'shown' } },
    { name: 'redirecting: the status line', settings: LABELLED, value: 'redirecting' },
    { name: 'completed: the thanks', settings: CHECKOUT, value: 'completed' },
    { name: 'closed', settings: LABELLED, value: 'closed' },
    { name: 'the remote button before the provider is known: the link', settings: REMOTE, value: 'configuring' },
    { name: 'the remote button loading: the provider’s frame', settings: REMOTE, value: { remote: 'loading' } },
    { name: 'the remote button ready, at its content’s height', settings: REMOTE, value: { remote: 'ready' }, context: { frameHeight: 180 } },
    { name: 'the remote button done: the thanks', settings: REMOTE, value: { remote: 'done' } },
  ] as Array<{ name: string; settings: Settings; value: StateValue; context?: Partial<DonationCheckoutContext> }>)('$name: the same elements, attributes and text as the view', ({ settings, value, context }) => {
    const snapshot = stateOf(settings, value, context);
    const html = drawn(settings, snapshot);
    const view = viewOf(settings, snapshot);
    expect(islandShape(html)).toEqual(islandShape(view));
    expect(islandText(html)).toBe(islandText(view));
  });

  it('a state drawn after another is the view’s too: the overlay follows the frame’s stage, then goes when the checkout closes', () => {
    const stages = [stateOf(FRAMED, { framing: 'prerendering' }), stateOf(FRAMED, { framing: 'revealing' }), stateOf(FRAMED, { framing: 'shown' })];
    expect(islandShape(drawn(FRAMED, ...stages))).toEqual(islandShape(viewOf(FRAMED, stages[2] as never)));
    const closed = stateOf(FRAMED, 'closed');
    expect(islandShape(drawn(FRAMED, ...stages, closed))).toEqual(islandShape(viewOf(FRAMED, closed)));
    expect(islandShape(drawn(FRAMED, ...stages, closed))).toEqual(islandShape(prerendered(FRAMED)));
  });

  it('the popup overlay’s help in the visitor’s language: English marked busy until its text has loaded, then the language the view shows', async () => {
    vi.stubGlobal('navigator', { languages: ['kl-DK'] });
    // The drawn dialog opens in the next task: here it opens without the browser's `open` mark, which the view never renders.
    Object.assign(HTMLDialogElement.prototype, { showModal: () => undefined });
    try {
      const popup = stateOf(LABELLED, { popup: 'loading' });
      const html = drawn(LABELLED, popup);
      expect(document.querySelector('.donate-overlay__help')?.getAttribute('aria-busy')).toBe('true');
      expect(islandShape(html)).toEqual(islandShape(viewOf(LABELLED, popup)));
      await vi.waitFor(() => expect(document.querySelector('.donate-overlay__help')?.getAttribute('lang')).toBe('da'));
      const host = document.querySelector('[data-widget]')?.parentElement as HTMLElement;
      expect(islandShape(host.innerHTML)).toEqual(islandShape(viewOf(LABELLED, popup)));
      expect(islandText(host.innerHTML)).toBe(islandText(viewOf(LABELLED, popup)));
      expect(islandText(host.innerHTML)).toContain('Klik for at fortsætte');
    } finally {
      Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
      vi.unstubAllGlobals();
    }
  });

  it('a JS call’s image (item 26) is drawn as the view draws it over the page’s label', () => {
    const host = document.createElement('div');
    host.innerHTML = prerendered(LABELLED);
    document.body.append(host);
    const island = host.querySelector<HTMLElement>('[data-widget]') as HTMLElement;
    island.dataset.island = 'answering';
    const image = { src: '/img/give.gif', alt: 'Give', height: 30, width: 90 };
    renderDonateButton(island, { image });
    drawDonateButton(island, stateOf(LABELLED, 'idle'), undefined);
    const written = { ...LABELLED, label: '', imageSrc: image.src, imageAlt: image.alt, imageHeight: 30, imageWidth: 90 };
    expect(islandShape(host.innerHTML)).toEqual(islandShape(viewOf(written, stateOf(written, 'idle'))));
    expect(host.querySelector('img')?.getAttribute('alt')).toBe('Give');
  });
});

describe('the donate button answers a first tap without its view (issue 35, goal 2)', () => {
  const showModal = vi.fn(function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  });
  beforeEach(() => {
    Object.assign(HTMLDialogElement.prototype, { showModal });
    vi.stubGlobal('fetch', async () => ({ ok: true, json: async () => ({ provider: { url: PROVIDER } }) }));
  });
  afterEach(() => {
    Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
    vi.unstubAllGlobals();
  });

  const trigger = () => document.querySelector<HTMLElement>('.donate-button__link') as HTMLElement;
  const dialog = () => document.querySelector<HTMLDialogElement>('dialog.donate-overlay');

  it('a tap before the chunk arrives is acknowledged, then opens the checkout in the overlay, on top and focused; Escape closes it and focus returns; the view never loads', async () => {
    const page = answeringPage(prerendered(FRAMED), donateButton, donateBehaviour);
    const { island, view, clock, release, controller } = page;
    trigger().dispatchEvent(new Event('pointerdown', { bubbles: true }));
    trigger().click();
    expect(island.getAttribute('aria-busy')).toBe('true');
    expect(dialog()).toBeNull();
    release();
    await controller.settled();
    expect(island.dataset.island).toBe('answering');
    await vi.waitFor(() => expect(dialog()?.open).toBe(true));
    expect(island.hasAttribute('aria-busy')).toBe(false);
    expect(dialog()?.getAttribute('aria-label')).toBe('Donation checkout');
    // The first control takes focus as the dialog opens (runtime/modal-dom.ts): the close link.
    expect(document.activeElement).toBe(document.querySelector('.donate-overlay__close'));
    const frame = document.querySelector<HTMLIFrameElement>('iframe.donate-overlay__frame') as HTMLIFrameElement;
    expect(frame.src).toContain(`${PROVIDER}/`);
    expect(document.querySelector('.donate-overlay__spinner')?.hasAttribute('hidden')).toBe(false);
    frame.dispatchEvent(new Event('load'));
    expect(frame.dataset.stage).toBe('revealing');
    expect(document.querySelector('.donate-overlay__spinner')?.hasAttribute('hidden')).toBe(true);
    clock.advanceBy(OVERLAY_FADE_MS);
    expect(frame.dataset.stage).toBe('shown');
    // Tab past the last control wraps to the first (the end sentinel).
    (dialog()?.lastElementChild as HTMLElement).focus();
    expect(document.activeElement).toBe(document.querySelector('.donate-overlay__close'));
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(view).not.toHaveBeenCalled();
  });

  it('the popup: the overlay over the page with its help; a click on it refocuses the popup; Close (Space) closes both; the view never loads', async () => {
    const popup = { closed: false, focus: vi.fn(), close: vi.fn(), location: { replace: vi.fn() }, document: undefined } as unknown as Window & { self: unknown; parent: unknown; top: unknown };
    Object.assign(popup, { self: popup, parent: popup, top: popup });
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    const page = answeringPage(prerendered(LABELLED), donateButton, donateBehaviour);
    const { island, view, clock, release, controller } = page;
    release();
    await controller.activateAll();
    expect(island.dataset.island).toBe('answering');
    trigger().click();
    // Issue 49, goal 1: the window opens in a timer's task after a frame that began with the overlay
    // open (it opens as a modal a task after the click), not in the click.
    expect(dialog()?.dataset.context).toBe('popup');
    clock.advanceBy(FRAME_MS);
    expect(dialog()?.open).toBe(false);
    expect(open, 'a frame drew the page without the overlay').not.toHaveBeenCalled();
    await vi.waitFor(() => expect(dialog()?.open).toBe(true));
    expect(open).not.toHaveBeenCalled();
    clock.advanceBy(FRAME_MS);
    expect(open).toHaveBeenCalledTimes(1);
    expect((popup.location.replace as ReturnType<typeof vi.fn>).mock.calls[0]?.[0]).toContain(`${PROVIDER}/`);
    expect(dialog()?.dataset.context).toBe('popup');
    expect(dialog()?.textContent).toContain('Click to Continue');
    await vi.waitFor(() => expect(dialog()?.open).toBe(true));
    dialog()?.querySelector<HTMLElement>('.donate-overlay__help p')?.click();
    expect(popup.focus).toHaveBeenCalledTimes(1);
    const close = document.querySelector<HTMLElement>('.donate-overlay__close') as HTMLElement;
    close.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true }));
    expect(popup.close).toHaveBeenCalledTimes(1);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(view).not.toHaveBeenCalled();
  });

  it.each([
    { name: 'the remote button’s frame', settings: REMOTE, open: false },
    { name: 'the open overlay', settings: FRAMED, open: true },
  ])('hydrateAll() brings the view, which hydrates over what the behaviour drew ($name): no mismatch, and it answers from there', async ({ settings, open }) => {
    const reported = vi.spyOn(console, 'error');
    // The runtime reports a mismatch React recovered from as a warning (runtime/mount.tsx).
    const warned = vi.spyOn(console, 'warn');
    const { island, release, controller } = answeringPage(prerendered(settings), donateButton, donateBehaviour);
    release();
    await controller.activateAll();
    if (open) {
      trigger().click();
      await vi.waitFor(() => expect(dialog()?.open).toBe(true));
    } else await vi.waitFor(() => expect(document.querySelector('iframe.donate-button__remote')).not.toBeNull());
    await controller.hydrateAll();
    expect(island.dataset.island).toBe('hydrated');
    if (open) {
      expect(dialog()?.dataset.context).toBe('iframe');
      document.querySelector<HTMLElement>('.donate-overlay__close')?.click();
      await vi.waitFor(() => expect(dialog()).toBeNull());
      expect(document.activeElement).toBe(trigger());
    } else expect(document.querySelector('iframe.donate-button__remote')?.getAttribute('title')).toBe('Donate (secure button)');
    expect(reported).not.toHaveBeenCalled();
    expect(warned).not.toHaveBeenCalled();
  });
});
