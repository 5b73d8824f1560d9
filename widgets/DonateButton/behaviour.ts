import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { donationCheckoutMachine, type DonationCheckoutEvent } from '../../machines/donation-checkout/donation-checkout.machine';
import { drawProps, drawStyle, drawText, listenTo } from '../../runtime/connect';
import { SENTINEL, focusEdge } from '../../runtime/modal-dom';
import { translate } from '../../runtime/translations';
import { defineBehaviour } from '../../runtime/widget';
import { browserFacts, donateAdapters } from './adapters';
import { onSettingsWritten } from './donate-api';
import { connectDonateButton, type DonateButtonApi } from './donate-button.connect';
import { donateButtonSettings, propsOf, writtenSettings, type DonateButtonSettings } from './donate-button.settings';
import { donateButtonTranslations, type DonateButtonTranslations } from './donate-button.translations';
import { connectDonateOverlay } from './donate-overlay.connect';
import { drawDonateOverlay } from './donate-overlay.dom';

/** The button's content: only its labels in the page's language, when the page is not in English. */
export interface DonateButtonContent {
  translations?: Partial<DonateButtonTranslations>;
}

/** The island's own markup, as DonateButton.tsx renders it. */
const ROOT = ':scope > .donate-button';
const TRIGGER = ':scope > a.donate-button__link';
const REMOTE_BOX = ':scope > .donate-button__remote-box';
const STATUS = ':scope > .donate-button__status';

type Snapshot = SnapshotFrom<typeof donationCheckoutMachine>;

/** The settings the island started with, read again without a second warning (the runtime warned once). */
const started = new WeakMap<Element, DonateButtonSettings>();

/** The button's settings as they are now, as the view's useLiveSettings reads them: the island's, then each JS call's. */
function settingsOf(element: HTMLElement): DonateButtonSettings {
  const written = writtenSettings(element);
  if (written) return written;
  const known = started.get(element);
  if (known) return known;
  const settings = donateButtonSettings.parse(element.dataset, () => undefined);
  started.set(element, settings);
  return settings;
}

const labelsOf = (content: DonateButtonContent | undefined) => translate(donateButtonTranslations, content?.translations);

const connect = (element: HTMLElement, snapshot: Snapshot, content: DonateButtonContent | undefined, send: (event: DonationCheckoutEvent) => void) =>
  connectDonateButton(snapshot, settingsOf(element), send, labelsOf(content));

/** The link's one child: the accent button's label, or the image (the caller's, after a JS call). */
function drawFace(link: Element, api: DonateButtonApi) {
  const document = link.ownerDocument;
  const shown = link.childNodes.length === 1 ? link.firstElementChild : null;
  if (api.label) {
    const span = shown?.matches('span.donate-button__label') ? shown : document.createElement('span');
    if (span !== shown) link.replaceChildren(span);
    drawProps(span, api.labelProps);
    drawText(span, api.label);
    return;
  }
  const image = shown?.matches('img') ? shown : document.createElement('img');
  if (image !== shown) link.replaceChildren(image);
  drawProps(image, api.imageProps);
  drawStyle(image, api.imageStyle);
}

/** The remote button's box: the provider's frame once it is known, the prerendered link until then. */
function drawRemote(box: Element, api: DonateButtonApi) {
  drawProps(box, api.remoteBoxProps);
  drawStyle(box, api.remoteBoxStyle);
  const shown = box.firstElementChild;
  if (api.remoteFrameProps) {
    const frame = shown?.matches('iframe') ? shown : box.ownerDocument.createElement('iframe');
    drawProps(frame, api.remoteFrameProps);
    if (frame !== shown) box.replaceChildren(frame);
    return;
  }
  const link = shown?.matches('a') ? shown : box.ownerDocument.createElement('a');
  if (link !== shown) box.replaceChildren(link);
  drawProps(link, api.remoteLinkProps);
  drawFace(link, { ...api, label: '' });
}

/**
 * Draws a state on the prerendered button as DonateButton.tsx renders it (donate-button.connect.ts):
 * the link with its label or image (as a JS call left them), the status line, the remote button's
 * frame and height, and the overlay the checkout adds over the page (donate-overlay.dom.ts); when it
 * closes, focus goes back to the button (WAI-ARIA APG dialog), as the view's effect gives it.
 */
export function drawDonateButton(element: HTMLElement, snapshot: Snapshot, content: DonateButtonContent | undefined) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connect(element, snapshot, content, () => undefined);
  drawProps(root, api.rootProps);
  const trigger = root.querySelector<HTMLElement>(TRIGGER);
  const box = root.querySelector(REMOTE_BOX);
  if (api.remote && box) drawRemote(box, api);
  if (!api.remote && trigger) {
    drawProps(trigger, api.triggerProps);
    drawFace(trigger, api);
  }
  const status = root.querySelector(STATUS);
  if (status) {
    drawProps(status, api.statusProps);
    drawText(status, api.statusText);
  }
  if (drawDonateOverlay(root, api.remote ? null : api.overlay, labelsOf(content))) trigger?.focus();
}

/**
 * What the view listens to, on the island (its overlay is made and removed with the states): the
 * button's click, the overlay's close and continue links (Enter, Space), a click on the popup's
 * overlay, Escape and the browser's close request, Tab at the dialog's edges, the frames' loads; and
 * a JS call that writes the button's settings (donate-api.ts), as the view's effect sends it.
 */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof donationCheckoutMachine>, content: DonateButtonContent | undefined): () => void {
  const api = () => connect(element, actor.getSnapshot(), content, actor.send);
  const overlayApi = () => {
    const button = api();
    return button.overlay ? connectDonateOverlay(button.overlay, button.overlayHandlers, labelsOf(content)) : null;
  };
  const targetOf = (event: Event) => (event.target instanceof Element ? event.target : null);
  const stopWritten = onSettingsWritten(element, () => actor.send({ type: 'donate.configure', props: propsOf(settingsOf(element)) }));
  const stopBubbling = listenTo(element, {
    click: (event) => {
      const target = targetOf(event);
      const overlay = overlayApi();
      if (!target) return;
      if (overlay) {
        if (target.closest('.donate-overlay__close')) return overlay.closeProps?.onClick(event);
        if (target.closest('.donate-overlay__continue')) return overlay.continueProps.onClick(event);
        if (target.closest('dialog.donate-overlay')) return overlay.dialogProps.onClick?.();
      }
      const button = api();
      if (!button.remote && target.closest('.donate-button__link')) button.triggerProps.onClick(event);
    },
    keydown: (event) => {
      const target = targetOf(event);
      const overlay = overlayApi();
      const dialog = target?.closest('dialog.donate-overlay');
      if (!target || !overlay || !dialog) return;
      const key = { key: event.key, currentTarget: target, preventDefault: () => event.preventDefault() };
      if (target.closest('.donate-overlay__close')) overlay.closeProps?.onKeyDown(key);
      else if (target.closest('.donate-overlay__continue')) overlay.continueProps.onKeyDown(key);
      // runtime/modal.tsx: Escape closes through the machine, not the browser.
      if (event.defaultPrevented || event.key !== 'Escape') return;
      event.preventDefault();
      overlay.dialogProps.onDismiss();
    },
    focusin: (event) => {
      // Tab wraps inside the dialog: the sentinel at one edge sends focus to the other end.
      const target = targetOf(event);
      const dialog = target?.hasAttribute(SENTINEL) ? target.closest<HTMLElement>('dialog') : null;
      if (dialog) focusEdge(dialog, target === dialog.firstElementChild ? 'last' : 'first');
    },
  });
  // Neither a dialog's close request nor a frame's load bubbles: heard on the way down.
  const stopCaptured = listenTo(
    element,
    {
      cancel: (event) => {
        const overlay = overlayApi();
        if (!overlay || !targetOf(event)?.matches('dialog.donate-overlay')) return;
        event.preventDefault();
        overlay.dialogProps.onDismiss();
      },
      load: (event) => {
        const target = targetOf(event);
        if (target?.matches('iframe.donate-overlay__frame')) api().overlayHandlers.onFrameLoaded();
        else if (target?.matches('iframe.donate-button__remote')) api().remoteFrameProps?.onLoad();
      },
    },
    { capture: true },
  );
  return () => {
    stopWritten();
    stopBubbling();
    stopCaptured();
  };
}

/**
 * The donate button without its view (issue 35, goal 2): the link, its status line, the remote
 * button's frame and the checkout's overlay are drawn on the prerendered markup and its listeners
 * send the machine's events, so the behaviour answers the visitor's click itself (`answersInput` in
 * widgets/registry.ts) and opens the checkout (popup, frame or redirect, §4) through the same
 * adapters as the view; /donate/ no longer loads React for its three buttons.
 */
export default defineBehaviour({
  name: 'donate-button',
  settings: donateButtonSettings,
  machine: donationCheckoutMachine,
  input: (settings, _content: DonateButtonContent | undefined) => ({
    variant: settings.variant,
    props: propsOf(settings),
    hideCloseButton: settings.hideCloseButton,
    ...browserFacts(settings.popupsDisabled),
  }),
  provide: donateAdapters,
  translations: donateButtonTranslations,
  bind: drawDonateButton,
  connect: listen,
  // Ready before the visitor reaches for it: the popup must open inside the tap's activation.
  hydrate: 'idle',
});
