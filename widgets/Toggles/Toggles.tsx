import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { togglesMachine } from '../../machines/toggles/toggles.machine';
import { Slot, type Slots } from '../../runtime/slots';

export interface TogglesContent {
  /** Each toggle: its id (its region's id and its hash) and its title; the body is the slot of the same name. */
  toggles: Array<{ id: string; title: string }>;
  /** The heading level of the toggle titles on this page. */
  headingLevel?: 2 | 3 | 4;
}

interface Props {
  actorRef: ActorRefFrom<typeof togglesMachine>;
  content: TogglesContent;
  slots: Slots;
}

export const toggleButtonId = (id: string) => `${id}-toggle`;

/** §4 Toggles as the WAI-ARIA accordion pattern: heading buttons with aria-expanded over labelled regions. */
export function Toggles({ actorRef, content, slots }: Props) {
  const open = useSelector(actorRef, (s) => s.context.open);
  const changed = useSelector(actorRef, (s) => (s.matches('animating') ? s.context.changed : null));
  const Heading = `h${content.headingLevel ?? 3}` as const;
  return (
    <div className="sc-toggles">
      {content.toggles.map((toggle, index) => (
        <div key={toggle.id} className="sc-toggles__item" data-open={open[index] ? 'true' : 'false'}>
          <Heading className="sc-toggles__title">
            <button
              type="button"
              id={toggleButtonId(toggle.id)}
              aria-expanded={open[index] === true}
              aria-controls={toggle.id}
              className="sc-toggles__button"
              onClick={() => actorRef.send({ type: 'toggle.toggle', index })}
            >
              {toggle.title}
            </button>
          </Heading>
          <div
            role="region"
            id={toggle.id}
            aria-labelledby={toggleButtonId(toggle.id)}
            hidden={!open[index]}
            className="sc-toggles__body"
            data-state={changed === index ? 'opening' : undefined}
          >
            <Slot name={toggle.id} slots={slots} />
          </div>
        </div>
      ))}
    </div>
  );
}
