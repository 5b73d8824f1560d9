import { ENGLISH_OVERLAY_TEXT, loadOverlayText, type OverlayText } from '../../provider/donate/overlay-text';
import { browserLocalesOf } from '../../provider/sdk/locale';
import { drawProps, drawStyle, drawText } from '../../runtime/connect';
import { SENTINEL, openModal, sentinelStyle } from '../../runtime/modal-dom';
import { nextTask } from '../../runtime/next-task';
import type { Translations } from '../../runtime/translations';
import type { OverlayModel } from './donate-button.connect';
import type { DonateButtonTranslations } from './donate-button.translations';
import { connectDonateOverlay } from './donate-overlay.connect';

/**
 * §4 the donate overlay for the DOM, built from the connect layer's props exactly as DonateOverlay.tsx
 * renders it inside runtime/modal.tsx's dialog (tested equal, state by state, in behaviour.test.tsx),
 * and opened the same way: showModal() in the task after the one that added it, focus on its first
 * control. No React: the button's behaviour draws it (issue 35, goal 2); its listeners are the
 * behaviour's `connect`.
 */

export const browserLocales = () => browserLocalesOf(typeof navigator === 'undefined' ? undefined : navigator);

/** Starts loading the overlay's text in the visitor's language, if it is not English (the button does as it starts). */
export function preloadOverlayText(): void {
  void Promise.resolve(loadOverlayText(browserLocales())).catch(() => undefined);
}

const OVERLAY = ':scope > dialog.donate-overlay';
const noop = () => undefined;
const NO_HANDLERS = { onRefocus: noop, onClose: noop, onFrameLoaded: noop };

type Child = Node | string;

/** An element with the props as React writes them, and its children. */
function element(document: Document, tag: string, props: Readonly<Record<string, unknown>>, ...children: Child[]): HTMLElement {
  const made = document.createElement(tag);
  drawProps(made, props);
  made.append(...children.filter((child) => child !== ''));
  return made;
}

function sentinel(document: Document): HTMLElement {
  const made = element(document, 'span', { [SENTINEL]: '', tabIndex: 0 });
  drawStyle(made, sentinelStyle);
  return made;
}

/** The help text as the view's useOverlayText gives it: the visitor's language, or English marked busy until it has loaded. */
function drawHelp(help: Element, text: OverlayText, loading: boolean) {
  drawProps(help, { className: 'donate-overlay__help', lang: text.lang, dir: text.dir, 'aria-busy': loading || undefined });
  const [paragraph, link] = [...help.children];
  if (paragraph) drawText(paragraph, text.help);
  if (link) drawText(link, text.continue);
}

function build(document: Document, model: OverlayModel, t: Translations<DonateButtonTranslations>): HTMLDialogElement {
  const api = connectDonateOverlay(model, NO_HANDLERS, t);
  const dialog = element(document, 'dialog', api.dialogProps) as HTMLDialogElement;
  const close = api.closeProps ? [element(document, 'a', api.closeProps, element(document, 'span', { 'aria-hidden': 'true' }, '×'))] : [];
  let body: HTMLElement[];
  if (model.context === 'popup') {
    const help = element(document, 'div', {}, element(document, 'p', {}), element(document, 'a', api.continueProps));
    const text = loadOverlayText(browserLocales());
    if (text instanceof Promise) {
      drawHelp(help, ENGLISH_OVERLAY_TEXT, true);
      text.then(
        (loaded) => drawHelp(help, loaded, false),
        () => drawHelp(help, ENGLISH_OVERLAY_TEXT, false),
      );
    } else drawHelp(help, text, false);
    body = [help];
  } else {
    body = [
      element(document, 'div', api.spinnerProps, element(document, 'span', { className: 'visually-hidden' }, api.loadingText)),
      element(document, 'iframe', { ...api.frameProps, src: model.frameUrl }),
    ];
  }
  dialog.append(sentinel(document), ...close, ...body, sentinel(document));
  return dialog;
}

/**
 * Draws the overlay a state shows at the end of the button's root, as the view renders it: made when
 * the checkout opens (and opened as a modal in the next task, as runtime/modal.tsx does), its spinner
 * and frame following the frame's stage, removed when it closes. Returns whether it was removed (the
 * button then takes focus back, as the view's effect gives it).
 */
export function drawDonateOverlay(root: Element, model: OverlayModel | null, t: Translations<DonateButtonTranslations>): boolean {
  let dialog = root.querySelector<HTMLDialogElement>(OVERLAY);
  const stale = dialog !== null && (model === null || dialog.dataset.context !== model.context || (dialog.querySelector('.donate-overlay__close') === null) !== model.hideCloseButton);
  if (dialog && stale) {
    dialog.remove();
    dialog = null;
  }
  if (!model) return stale;
  if (!dialog) {
    const made = build(root.ownerDocument, model, t);
    root.append(made);
    void nextTask().then(() => {
      if (made.isConnected && !made.open) openModal(made, undefined);
    });
    return false;
  }
  const api = connectDonateOverlay(model, NO_HANDLERS, t);
  const spinner = dialog.querySelector(':scope > .donate-overlay__spinner');
  const frame = dialog.querySelector(':scope > .donate-overlay__frame');
  if (spinner) drawProps(spinner, api.spinnerProps);
  if (frame) drawProps(frame, { ...api.frameProps, src: model.frameUrl });
  return false;
}
