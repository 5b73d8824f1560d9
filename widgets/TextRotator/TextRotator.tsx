import { useSelector } from '@xstate/react';
import type { CSSProperties } from 'react';
import type { ActorRefFrom } from 'xstate';
import { SLIDE_OFFSET_PX, rotatorPhase, type textRotatorMachine } from '../../machines/text-rotator/text-rotator.machine';

export interface TextRotatorContent {
  before: string;
  lines: string[];
  after: string;
}

interface Props {
  actorRef: ActorRefFrom<typeof textRotatorMachine>;
  content: TextRotatorContent;
}

/**
 * §1 Rotating text. The moving line is hidden from assistive technology, which reads the
 * sentence once with every line; hovering or focusing the sentence holds the line.
 */
export function TextRotator({ actorRef, content }: Props) {
  const { index, typed, changes, animation } = useSelector(actorRef, (s) => s.context);
  const state = useSelector(actorRef, (s) => rotatorPhase(s.value));
  const line = content.lines[index] ?? '';
  const shown = state === 'cleared' ? '' : state === 'typing' ? [...line].slice(0, typed).join('') : line;
  const pause = () => actorRef.send({ type: 'rotator.pause' });
  const resume = () => actorRef.send({ type: 'rotator.resume' });
  return (
    <p
      className="text-rotator"
      data-animation={animation}
      data-state={state}
      style={{ '--rotator-offset': `${SLIDE_OFFSET_PX}px` } as CSSProperties}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
    >
      <span aria-hidden="true">
        {content.before}{' '}
        <span key={animation === 'typewriter' ? 'line' : changes} className={state === 'marking' ? 'text-rotator__line is-marked' : 'text-rotator__line'}>
          {shown}
        </span>{' '}
        {content.after}
      </span>
      <span className="visually-hidden">
        {content.before} {content.lines.join(', ')} {content.after}
      </span>
    </p>
  );
}
