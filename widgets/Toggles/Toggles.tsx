import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { togglesMachine } from '../../machines/toggles/toggles.machine';
import { Slot, type Slots } from '../../runtime/slots';
import { connectToggles } from './toggles.connect';

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

export { toggleButtonId } from './toggles.connect';

/** §4 Toggles as the WAI-ARIA accordion pattern: heading buttons with aria-expanded over labelled regions. */
export function Toggles({ actorRef, content, slots }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connectToggles(snapshot, actorRef.send, content.toggles);
  const Heading = `h${content.headingLevel ?? 3}` as const;
  return (
    <div className="sc-toggles">
      {content.toggles.map((toggle, index) => (
        <div key={toggle.id} className="sc-toggles__item" {...api.getItemProps(index)}>
          <Heading className="sc-toggles__title">
            <button {...api.getButtonProps(index)} className="sc-toggles__button">
              {toggle.title}
            </button>
          </Heading>
          <div {...api.getRegionProps(index)} className="sc-toggles__body">
            <Slot name={toggle.id} slots={slots} />
          </div>
        </div>
      ))}
    </div>
  );
}
