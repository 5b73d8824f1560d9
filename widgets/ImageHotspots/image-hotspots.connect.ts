import type { SnapshotFrom } from 'xstate';
import type { imageHotspotsMachine, ImageHotspotsEvent } from '../../machines/image-hotspots/image-hotspots.machine';
import type { KeyInput } from '../../runtime/connect';

type Snapshot = SnapshotFrom<typeof imageHotspotsMachine>;

/** A spot's tooltip id: its button names it in aria-describedby while it is open. */
export const tooltipId = (baseId: string, index: number) => `${baseId}-tip-${index}`;

/**
 * §1, §4 Tooltips, §9 Image hotspots as the WAI-ARIA tooltip pattern: each spot is a button
 * described by its tooltip while that is open; hovering the spot or focusing its button opens it,
 * leaving or blurring closes it, a click pins it and a second click closes it, Escape anywhere on the
 * page closes it. One is open at a time (the machine). The grid's waypoint sends view.enter through `onViewEnter`.
 */
export function connectImageHotspots(snapshot: Snapshot, send: (event: ImageHotspotsEvent) => void, baseId: string) {
  const { revealed, open } = snapshot.context;
  const close = () => send({ type: 'tooltip.close' });
  const isRevealed = (index: number) => index < revealed;
  return {
    isRevealed,
    onViewEnter: (reducedMotion: boolean) => send({ type: 'view.enter', reducedMotion }),
    rootProps: {
      onKeyDown(event: KeyInput) {
        if (event.key === 'Escape') close();
      },
    },
    /**
     * WCAG 1.4.13 (issue 31.11): while a tooltip is open, Escape closes it wherever focus is (one
     * opened by hovering has no focus in the figure); the view listens on the document with it.
     */
    documentKeyDown:
      open === null
        ? null
        : (event: Pick<KeyInput, 'key'>) => {
            if (event.key === 'Escape') close();
          },
    getSpotProps: (index: number) =>
      ({
        className: isRevealed(index) ? 'image-hotspots__spot is-revealed' : 'image-hotspots__spot',
        onMouseEnter: () => send({ type: 'tooltip.open', index }),
        onMouseLeave: close,
      }) as const,
    getButtonProps: (index: number) => ({
      'aria-describedby': open === index ? tooltipId(baseId, index) : undefined,
      onClick: () => send({ type: 'tooltip.toggle', index }),
      onFocus: () => send({ type: 'tooltip.open', index }),
      onBlur: close,
    }),
    getTooltipProps: (index: number) =>
      // A tap on an open tooltip closes it: on a phone it may cover the next spot to choose.
      ({ role: 'tooltip', id: tooltipId(baseId, index), className: 'image-hotspots__tooltip', hidden: open !== index, onClick: close }) as const,
  };
}
