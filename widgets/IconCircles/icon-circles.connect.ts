import type { SnapshotFrom } from 'xstate';
import type { iconCirclesMachine, IconCirclesEvent } from '../../machines/icon-circles/icon-circles.machine';
import { domId } from '../../runtime/ids';

type Snapshot = SnapshotFrom<typeof iconCirclesMachine>;

/** The id of item `index`'s text in the centre, which its icon's button controls (from the widget's label). */
export const circleDetailId = (label: string, index: number) => `${domId('circles', label)}-detail-${index}`;

/**
 * §1, §9 Icon circles: a labelled list of toggle buttons round a circle, each pressed while its
 * text shows in the centre and controlling that text. Hovering, focusing or clicking an icon makes
 * it active; before the first is active (the entry animation) every text shows. The view's
 * waypoint starts the animation (`onEnter`).
 */
export function connectIconCircles(snapshot: Snapshot, send: (event: IconCirclesEvent) => void, label: string) {
  const { active } = snapshot.context;
  const activate = (index: number) => () => send({ type: 'item.activate', index });
  return {
    onEnter: (reducedMotion: boolean) => send({ type: 'view.enter', reducedMotion }),
    rootProps: { 'data-state': snapshot.value } as const,
    ringProps: { 'aria-label': label } as const,
    getButtonProps: (index: number) =>
      ({
        'aria-pressed': active === index,
        'aria-controls': circleDetailId(label, index),
        onClick: activate(index),
        onMouseEnter: activate(index),
        onFocus: activate(index),
      }) as const,
    getDetailProps: (index: number) => ({ id: circleDetailId(label, index), className: 'icon-circles__detail', hidden: active !== null && active !== index }) as const,
  };
}
