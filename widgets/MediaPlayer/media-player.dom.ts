import { drawProps } from '../../runtime/connect';
import type { connectMediaPlayer } from './media-player.connect';

/**
 * The elements some states of the media player add, for the DOM, built from the connect layer's
 * props exactly as MediaPlayer.tsx renders them (tested equal, state by state, in behaviour.test.tsx):
 * the §8 failure (the alert and "Try again") and the consent placeholder of a video-site source.
 * No React: the behaviour draws them (issue 35, goal 2).
 */

type MediaPlayerApi = ReturnType<typeof connectMediaPlayer>;

const FAILURE = ':scope > .media-player__failure';
const CONTROLS = ':scope > .media-player__controls';
const PROMPT = ':scope > .consent-prompt';
const HOST = ':scope > .media-player__host';

/** The §8 failure block, as the view renders it: the error in an alert, then "Try again". */
function failureElement(document: Document, api: MediaPlayerApi, error: string): HTMLElement {
  const failure = document.createElement('div');
  failure.className = 'media-player__failure';
  const alert = document.createElement('p');
  alert.className = 'media-player__error';
  alert.setAttribute('role', 'alert');
  alert.textContent = error;
  const retry = document.createElement('button');
  drawProps(retry, api.retryProps);
  retry.textContent = api.retryText;
  failure.append(alert, retry);
  return failure;
}

/**
 * Draws the §8 failure in the player's figure: made after the controls when the state has an error
 * (its message written again only where it changed), removed when it has none.
 */
export function drawFailure(figure: Element, api: MediaPlayerApi): void {
  const shown = figure.querySelector(FAILURE);
  const error = api.errorText;
  if (!error) {
    shown?.remove();
    return;
  }
  if (!shown) {
    figure.querySelector(CONTROLS)?.after(failureElement(figure.ownerDocument, api, error));
    return;
  }
  const alert = shown.querySelector('[role="alert"]');
  if (alert && alert.textContent !== error) alert.textContent = error;
}

/**
 * The consent placeholder each video-site player was prerendered with (ConsentPrompt.tsx, from the
 * island's settings and content, which no state changes): kept once the state removes it, so that a
 * withdrawal puts the same placeholder back, as the view mounts it anew.
 */
const placeholders = new WeakMap<Element, Element>();

/** A fresh copy of the kept placeholder: its "remember" box unticked, as a new one renders. */
function freshPlaceholder(kept: Element): Element {
  const copy = kept.cloneNode(true) as Element;
  copy.querySelectorAll<HTMLInputElement>('input[type="checkbox"]').forEach((box) => (box.checked = false));
  return copy;
}

/** Draws the consent placeholder of a video-site player: after its host while the state asks for consent, else none. */
export function drawConsentPrompt(site: Element, api: MediaPlayerApi): void {
  const shown = site.querySelector(PROMPT);
  if (shown && !placeholders.has(site)) placeholders.set(site, freshPlaceholder(shown));
  if (!api.consentShown) {
    shown?.remove();
    return;
  }
  const kept = placeholders.get(site);
  if (!shown && kept) site.querySelector(HOST)?.after(freshPlaceholder(kept));
}
