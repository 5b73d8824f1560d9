import type { SnapshotFrom } from 'xstate';
import type { togglesMachine, TogglesEvent } from '../../machines/toggles/toggles.machine';

export const toggleButtonId = (id: string) => `${id}-toggle`;

type Snapshot = SnapshotFrom<typeof togglesMachine>;

/**
 * §4 Toggles as the WAI-ARIA accordion pattern: a heading button per toggle with aria-expanded and
 * aria-controls over a region it labels. Enter and Space are the button's own; no key of ours.
 */
export function connectToggles(snapshot: Snapshot, send: (event: TogglesEvent) => void, toggles: ReadonlyArray<{ id: string }>) {
  const { open } = snapshot.context;
  const changed = snapshot.matches('animating') ? snapshot.context.changed : null;
  return {
    isOpen: (index: number) => open[index] === true,
    getItemProps: (index: number) => ({ 'data-open': open[index] ? 'true' : 'false' }) as const,
    getButtonProps(index: number) {
      const id = toggles[index]?.id ?? '';
      return {
        type: 'button',
        id: toggleButtonId(id),
        'aria-expanded': open[index] === true,
        'aria-controls': id,
        onClick: () => send({ type: 'toggle.toggle', index }),
      } as const;
    },
    getRegionProps(index: number) {
      const id = toggles[index]?.id ?? '';
      return {
        role: 'region',
        id,
        'aria-labelledby': toggleButtonId(id),
        hidden: !open[index],
        'data-state': changed === index ? 'opening' : undefined,
      } as const;
    },
  };
}
