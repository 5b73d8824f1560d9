import { useSelector } from '@xstate/react';
import type { CSSProperties } from 'react';
import type { ActorRefFrom } from 'xstate';
import { SLIDE_OFFSET_PX, type textRotatorMachine } from '../../machines/text-rotator/text-rotator.machine';
import { translate } from '../../runtime/translations';
import { connectTextRotator } from './text-rotator.connect';
import { textRotatorTranslations, type TextRotatorTranslations } from './text-rotator.translations';

export interface TextRotatorContent {
  before: string;
  lines: string[];
  after: string;
  /** Labels in the page's language over the English defaults (text-rotator.translations.ts). */
  translations?: Partial<TextRotatorTranslations>;
}

interface Props {
  actorRef: ActorRefFrom<typeof textRotatorMachine>;
  content: TextRotatorContent;
}

/**
 * §1 Rotating text. The moving line is hidden from assistive technology, which reads the
 * sentence once with every line; hovering or focusing the sentence holds the line, and its button
 * pauses it (WCAG 2.2.2).
 */
export function TextRotator({ actorRef, content }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connectTextRotator(snapshot, actorRef.send, content.lines, translate(textRotatorTranslations, content.translations));
  return (
    <p className="text-rotator" {...api.rootProps} style={{ '--rotator-offset': `${SLIDE_OFFSET_PX}px` } as CSSProperties}>
      <span {...api.movingProps}>
        {content.before}{' '}
        <span key={api.lineKey} {...api.lineProps}>
          {api.shown}
        </span>{' '}
        {content.after}
      </span>
      <span className="visually-hidden">
        {content.before} {content.lines.join(', ')} {content.after}
      </span>{' '}
      <button {...api.controlProps}>
        {api.controlText} <span className="visually-hidden">{api.controlPurpose}</span>
      </button>
    </p>
  );
}
