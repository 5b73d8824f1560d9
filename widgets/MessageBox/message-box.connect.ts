import type { SnapshotFrom } from 'xstate';
import type { messageBoxMachine, MessageBoxEvent } from '../../machines/message-box/message-box.machine';
import { formatParts, type Translations } from '../../runtime/translations';
import type { MessageBoxTranslations } from './message-box.translations';

type Snapshot = SnapshotFrom<typeof messageBoxMachine>;

/**
 * §4 Message box as a labelled region (its `aria-label` names it among the page's landmarks), hidden
 * once dismissed; its close button is named after the box ("Close: {label}") for a screen reader,
 * the × being decoration. Enter and Space are the button's own; no key of ours.
 */
export function connectMessageBox(snapshot: Snapshot, send: (event: MessageBoxEvent) => void, t: Translations<MessageBoxTranslations>, label: string) {
  const state = snapshot.value;
  return {
    regionProps: { 'aria-label': label, hidden: state === 'dismissed', 'data-state': state } as const,
    closeProps: { type: 'button', onClick: () => send({ type: 'box.close' }) } as const,
    /** The close button's name, only for a screen reader: the same text nodes as `Close: {label}` inline. */
    closeText: formatParts(t.close, { label }),
  };
}
