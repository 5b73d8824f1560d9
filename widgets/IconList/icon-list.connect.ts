import type { SnapshotFrom } from 'xstate';
import type { iconListMachine } from '../../machines/icon-list/icon-list.machine';
import type { StaggerRevealEvent } from '../../machines/stagger-reveal/stagger-reveal.machine';

type Snapshot = SnapshotFrom<typeof iconListMachine>;

/**
 * §1, §9 Icon list: a labelled list whose icons are decoration (hidden from assistive technology:
 * the title says it). Items are revealed 350 ms apart once the view's waypoint sends `onEnter`;
 * they are in the list, and read, from the first render.
 */
export function connectIconList(snapshot: Snapshot, send: (event: StaggerRevealEvent) => void, label: string) {
  const { revealed } = snapshot.context;
  const isRevealed = (index: number) => index < revealed;
  return {
    onEnter: (reducedMotion: boolean) => send({ type: 'view.enter', reducedMotion }),
    rootProps: { 'aria-label': label, 'data-state': snapshot.value } as const,
    isRevealed,
    /** An item, marked once revealed (it fades and slides in: icon-list.css). */
    getItemProps: (index: number) => ({ className: isRevealed(index) ? 'icon-list__item is-revealed' : 'icon-list__item' }) as const,
    iconProps: { 'aria-hidden': 'true' } as const,
  };
}
