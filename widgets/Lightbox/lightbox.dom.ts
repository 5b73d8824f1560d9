import { drawProps, drawStyle, drawText, listenTo } from '../../runtime/connect';
import { SENTINEL, focusEdge, isOutsideBox, openModal, sentinelStyle } from '../../runtime/modal-dom';
import { nextTask } from '../../runtime/next-task';
import type { LightboxApi } from './lightbox.connect';

/**
 * The lightbox's dialog for the DOM, built from the connect layer's props exactly as
 * LightboxDialog.tsx renders it through ModalDialog (runtime/modal.tsx), and tested equal to it
 * state by state (the behaviour tests): a native modal <dialog> opened with showModal() in the task
 * after the one that added it, its focus sentinels, title, body, arrows and close button; and the
 * dialog's listeners (Escape, the arrow keys, the buttons, the backdrop, Tab wrapping at its edges).
 * No React: the lightbox's and the image gallery's behaviours draw it (issue 35, goal 2).
 */

const DIALOG = ':scope > dialog.lightbox';

type Child = Node | string;

/** An element with the props as React writes them, and its children (an empty text is no node, as in React). */
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

function button(document: Document, props: Readonly<Record<string, unknown>>, glyph: string): HTMLElement {
  return element(document, 'button', props, element(document, 'span', { 'aria-hidden': 'true' }, glyph));
}

/** The dialog's own attributes, as ModalDialog passes them on (its own props are not attributes). */
function dialogAttributes(api: LightboxApi): Record<string, unknown> {
  const { className, 'aria-labelledby': labelledBy, 'aria-busy': busy } = api.dialogProps;
  return { className, 'aria-labelledby': labelledBy, 'aria-busy': busy };
}

/** The title's children: the title, then " (N of M)" in a gallery. */
function drawTitle(title: Element, api: LightboxApi) {
  if (title.textContent === api.title + (api.count ?? '') && (title.querySelector('.lightbox__count') !== null) === (api.count !== null)) return;
  const document = title.ownerDocument;
  title.replaceChildren(...[api.title, api.count ? element(document, 'span', { className: 'lightbox__count' }, api.count) : ''].filter((child) => child !== ''));
}

/** The content HTML last written into each content element (its serialisation may differ from what was written). */
const written = new WeakMap<Element, string>();

/** The body's first child: the §8 alert, the picture, or the fetched content; made again only when its kind changes. */
function drawShown(body: Element, api: LightboxApi) {
  const document = body.ownerDocument;
  const current = body.firstElementChild;
  if (api.phase === 'failed') {
    if (current?.matches('p.lightbox__error')) drawText(current, api.error);
    else body.prepend(element(document, 'p', { className: 'lightbox__error', role: 'alert' }, api.error));
  } else if (api.imageProps) {
    if (current?.matches('img.lightbox__image')) drawProps(current, api.imageProps);
    else body.prepend(element(document, 'img', api.imageProps));
  } else {
    let content = current?.matches('div.lightbox__content') ? current : null;
    if (!content) body.prepend((content = element(document, 'div', { className: 'lightbox__content' })));
    if (written.get(content) !== api.html) {
      content.innerHTML = api.html;
      written.set(content, api.html);
    }
  }
  // What the previous state showed there, of another kind.
  const shown = body.firstElementChild;
  for (const other of [...body.children]) if (other !== shown && !other.matches('p.lightbox__loading')) other.remove();
}

function drawLoading(body: Element, api: LightboxApi) {
  const loading = body.querySelector(':scope > p.lightbox__loading');
  if (api.loadingText === null) loading?.remove();
  else if (loading) drawText(loading, api.loadingText);
  else body.append(element(body.ownerDocument, 'p', { className: 'lightbox__loading' }, api.loadingText));
}

/** A new dialog for the state, closed: the caller adds it to the page, then opens it. */
function buildDialog(document: Document, api: LightboxApi): HTMLDialogElement {
  const dialog = element(document, 'dialog', dialogAttributes(api)) as HTMLDialogElement;
  const title = element(document, 'p', api.titleProps);
  const body = element(document, 'div', { className: 'lightbox__body' });
  drawTitle(title, api);
  drawShown(body, api);
  drawLoading(body, api);
  const arrows = api.several ? [button(document, api.getArrowProps('prev'), '‹'), button(document, api.getArrowProps('next'), '›')] : [];
  dialog.append(sentinel(document), title, body, ...arrows, button(document, api.closeProps, '×'), sentinel(document));
  return dialog;
}

/**
 * Draws the dialog as the last child of `host` (where the view renders it) for the connect layer's
 * state: added and opened as a modal when the lightbox opens, kept while it moves (its buttons keep
 * focus), removed once closed. Opened in the task after the one that added it, as ModalDialog does
 * (issue 35: making the page inert restyles every element, too much for the tap's own task).
 */
export function drawLightboxDialog(host: Element, api: LightboxApi): void {
  const dialog = host.querySelector<HTMLDialogElement>(DIALOG);
  if (!api.item) {
    dialog?.remove();
    return;
  }
  if (!dialog) {
    const made = buildDialog(host.ownerDocument, api);
    host.append(made);
    void nextTask().then(() => {
      // jsdom has no showModal(): its tests see the dialog drawn, never opened.
      if (made.isConnected && !made.open && typeof made.showModal === 'function') openModal(made, api.dialogProps.initialFocus);
    });
    return;
  }
  drawProps(dialog, dialogAttributes(api));
  const title = dialog.querySelector(':scope > .lightbox__title');
  const body = dialog.querySelector(':scope > .lightbox__body');
  if (title) drawTitle(title, api);
  if (body) {
    drawShown(body, api);
    drawLoading(body, api);
  }
}

/**
 * What ModalDialog and the view's buttons listen to, on the dialogs `host` draws (a click on an arrow,
 * the close button or the backdrop, a key, the browser's own close request, Tab reaching a focus
 * sentinel), sent through the connect layer's handlers of the moment (`api`).
 */
export function listenToLightboxDialog(host: Element, api: () => LightboxApi | undefined): () => void {
  const dialogOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLDialogElement>('dialog.lightbox') : null);
  const stopBubbling = listenTo(host, {
    click(event) {
      const dialog = dialogOf(event.target);
      const now = api();
      if (!dialog || !now?.item || !(event.target instanceof Element)) return;
      if (event.target === dialog) {
        if (isOutsideBox(dialog, event.clientX, event.clientY)) now.dialogProps.onBackdropClick();
        return;
      }
      const pressed = event.target.closest('button');
      if (pressed?.matches('.lightbox__arrow--prev')) now.getArrowProps('prev').onClick();
      else if (pressed?.matches('.lightbox__arrow--next')) now.getArrowProps('next').onClick();
      else if (pressed?.matches('.lightbox__close')) now.closeProps.onClick();
    },
    keydown(event) {
      const dialog = dialogOf(event.target);
      const now = api();
      if (!dialog || !now?.item) return;
      now.dialogProps.onKeyDown({ key: event.key, shiftKey: event.shiftKey, currentTarget: dialog, target: event.target, preventDefault: () => event.preventDefault() });
      if (event.defaultPrevented || event.key !== 'Escape') return;
      event.preventDefault();
      now.dialogProps.onDismiss();
    },
    focusin(event) {
      const dialog = dialogOf(event.target);
      if (!dialog || !(event.target instanceof Element) || !event.target.hasAttribute(SENTINEL)) return;
      focusEdge(dialog, event.target === dialog.firstElementChild ? 'last' : 'first');
    },
  });
  // The close request does not bubble: heard on its way down.
  const stopCancel = listenTo(
    host,
    {
      cancel(event) {
        const now = api();
        if (!dialogOf(event.target) || !now?.item) return;
        // A close request that did not come through the keydown (the browser's own): the machine decides.
        event.preventDefault();
        now.dialogProps.onDismiss();
      },
    },
    { capture: true },
  );
  return () => {
    stopBubbling();
    stopCancel();
  };
}
