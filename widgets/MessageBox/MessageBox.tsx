import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { messageBoxMachine } from '../../machines/message-box/message-box.machine';
import { Slot, type Slots } from '../../runtime/slots';
import { translate } from '../../runtime/translations';
import { connectMessageBox } from './message-box.connect';
import { messageBoxTranslations, type MessageBoxTranslations } from './message-box.translations';

export interface MessageBoxContent {
  /** The region's name, e.g. "Notice: winter opening hours". */
  label: string;
  /** Labels in the page's language over the English defaults (message-box.translations.ts). */
  translations?: Partial<MessageBoxTranslations>;
}

interface Props {
  actorRef: ActorRefFrom<typeof messageBoxMachine>;
  content: MessageBoxContent;
  slots: Slots;
}

/** §4 Message box: a labelled region with the message (slot "message") and a close button. */
export function MessageBox({ actorRef, content, slots }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connectMessageBox(snapshot, actorRef.send, translate(messageBoxTranslations, content.translations), content.label);
  useEffect(() => {
    actorRef.send({ type: 'box.check' });
  }, [actorRef]);
  return (
    <section className="message-box" {...api.regionProps}>
      <Slot name="message" slots={slots} className="message-box__text" />
      <button {...api.closeProps} className="message-box__close">
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">{api.closeText}</span>
      </button>
    </section>
  );
}
