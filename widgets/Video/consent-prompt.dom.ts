import type { Translations } from '../../runtime/translations';
import type { connectConsentPrompt } from './consent-prompt.connect';
import type { ConsentPromptTranslations } from './consent-prompt.translations';
import { element } from './dom-element';

/**
 * The consent placeholder for the DOM, built from its connect layer's props exactly as
 * ConsentPrompt.tsx renders it (tested equal in behaviour.test.tsx): a behaviour that answers input
 * puts it back when consent is withdrawn, without React (issue 35, goal 2).
 */
export function consentPromptElement(
  document: Document,
  api: ReturnType<typeof connectConsentPrompt>,
  t: Translations<ConsentPromptTranslations>,
  { poster, original }: { poster?: string; original?: string },
): HTMLElement {
  const body = element(
    document,
    'div',
    { className: 'consent-prompt__body' },
    element(document, 'p', { className: 'consent-prompt__what' }, ...api.whatText),
    element(document, 'label', { className: 'consent-prompt__remember' }, element(document, 'input', api.rememberProps), ...api.rememberText),
    element(
      document,
      'div',
      { className: 'consent-prompt__actions' },
      element(document, 'button', { ...api.playProps, className: 'button' }, t.promptPlay, element(document, 'span', { className: 'visually-hidden' }, ...api.playTitle)),
      element(document, 'button', { ...api.allowAllProps, className: 'button button--secondary' }, t.promptAllowAll),
    ),
  );
  if (original) {
    const link = element(document, 'a', { href: original, target: '_blank', rel: 'noopener noreferrer' }, ...api.originalText, element(document, 'span', { className: 'visually-hidden' }, t.newTab));
    body.append(element(document, 'p', { className: 'consent-prompt__original' }, link));
  }
  const prompt = element(document, 'div', { className: 'consent-prompt', ...api.groupProps }, body);
  if (poster) prompt.prepend(element(document, 'img', { className: 'consent-prompt__poster', src: poster, alt: '' }));
  return prompt;
}
