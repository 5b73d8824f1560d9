import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { DEFAULT_INTERVAL_S, textRotatorMachine, type TextRotatorEvent } from '../../machines/text-rotator/text-rotator.machine';
import { drawProps, listenTo } from '../../runtime/connect';
import { defineSettings, setting } from '../../runtime/settings';
import { pageVisibility } from '../../runtime/page-visibility';
import { translate } from '../../runtime/translations';
import { defineBehaviour } from '../../runtime/widget';
import { prefersReducedMotion } from '../Slideshow/slide-media';
import type { TextRotatorContent } from './TextRotator';
import { connectTextRotator } from './text-rotator.connect';
import { textRotatorTranslations } from './text-rotator.translations';

export const textRotatorSettings = defineSettings('text-rotator', {
  animation: setting.oneOf(['slide', 'fade', 'typewriter'], 'slide'),
  /** Seconds each line stays. */
  interval: setting.number(DEFAULT_INTERVAL_S, { min: 1 }),
});

const ROOT = ':scope > .text-rotator';
const LINE = ':scope > [aria-hidden] > .text-rotator__line';
const CONTROL = ':scope > .text-rotator__control';

type Snapshot = SnapshotFrom<typeof textRotatorMachine>;

const connect = (snapshot: Snapshot, send: (event: TextRotatorEvent) => void, content: TextRotatorContent) => connectTextRotator(snapshot, send, content.lines, translate(textRotatorTranslations, content.translations));

/**
 * Draws a state on the prerendered rotator as TextRotator.tsx renders it: the root's animation and
 * state, the line (a new element where its key changes, so that its CSS enter animation plays again,
 * as React's `key` does), its mark and its text as typed, and the control's word.
 */
export function drawTextRotator(element: HTMLElement, snapshot: Snapshot, content: TextRotatorContent) {
  const root = element.querySelector(ROOT);
  if (!root) return;
  const api = connect(snapshot, () => undefined, content);
  drawProps(root, api.rootProps);
  let line = root.querySelector(LINE);
  if (line && line.getAttribute('data-line-key') !== String(api.lineKey)) {
    const fresh = line.ownerDocument.createElement(line.tagName.toLowerCase());
    line.replaceWith(fresh);
    line = fresh;
  }
  if (line) {
    drawProps(line, api.lineProps);
    if (line.textContent !== api.shown) line.textContent = api.shown;
  }
  const control = root.querySelector(CONTROL);
  if (!control) return;
  drawProps(control, api.controlProps);
  // The visible word is the button's first text, before its visually hidden purpose.
  const word = control.firstChild;
  if (word instanceof Text && word.data !== api.controlText) word.data = api.controlText;
}

/** Hover and focus on the sentence (they hold the line) and a click on its control, sent to the machine as the view's handlers send them. */
function listen(element: HTMLElement, actor: ActorRefFrom<typeof textRotatorMachine>, content: TextRotatorContent): () => void {
  const root = element.querySelector<HTMLElement>(ROOT);
  if (!root) return () => undefined;
  const api = () => connect(actor.getSnapshot(), actor.send, content);
  const onClick = (event: MouseEvent) => {
    const control = root.querySelector(CONTROL);
    if (control && event.target instanceof Node && control.contains(event.target)) api().controlProps.onClick();
  };
  // React's onMouseEnter and onMouseLeave are the element's own mouseenter and mouseleave; its onFocus and onBlur, focusin and focusout.
  return listenTo(root, {
    mouseenter: () => api().rootProps.onMouseEnter(),
    mouseleave: () => api().rootProps.onMouseLeave(),
    focusin: () => api().rootProps.onFocus(),
    focusout: () => api().rootProps.onBlur(),
    click: onClick,
  });
}

/**
 * The text rotator without its view (issue 35, goal 2): its timer runs from the moment it is seen,
 * and every state it shows (the line as typed, cleared or whole, its mark, the control's word) is a
 * few attributes and texts on the prerendered sentence, so the behaviour draws them and answers
 * hover, focus and its Pause/Play button itself (`answersInput` in widgets/registry.ts), with no React.
 */
export default defineBehaviour({
  name: 'text-rotator',
  settings: textRotatorSettings,
  machine: textRotatorMachine,
  input: (s, content: TextRotatorContent, env) => ({
    lengths: content.lines.map((line) => [...line].length),
    animation: s.animation,
    intervalMs: s.interval * 1000,
    random: env.random,
    reducedMotion: prefersReducedMotion(),
  }),
  // Issue 22: nothing rotates in a background tab.
  translations: textRotatorTranslations,
  provide: ({ element }) => ({ actors: { pageVisibility: pageVisibility<TextRotatorEvent>(element.ownerDocument, { type: 'page.hide' }, { type: 'page.show' }) } }),
  bind: drawTextRotator,
  connect: listen,
  hydrate: 'visible',
});
