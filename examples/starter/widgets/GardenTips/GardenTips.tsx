import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { gardenTipsMachine } from './garden-tips.machine';

export interface GardenTipsContent {
  /** The region's accessible name, e.g. "Tips for the week". */
  label: string;
  tips: readonly string[];
}

interface Props {
  actorRef: ActorRefFrom<typeof gardenTipsMachine>;
  content: GardenTipsContent;
}

/**
 * The tip rotator's view: select, render, send. While it rotates on its own the tip is not announced
 * (WAI-ARIA carousel: aria-live off), once paused it is (polite), as the visitor moves it.
 */
export function GardenTips({ actorRef, content }: Props) {
  const index = useSelector(actorRef, (s) => s.context.index);
  const playing = useSelector(actorRef, (s) => s.matches('playing'));
  return (
    <section className="garden-tips" aria-roledescription="tip rotator" aria-label={content.label}>
      <p className="garden-tips__tip" aria-live={playing ? 'off' : 'polite'} data-tip-index={index}>
        {content.tips[index] ?? ''}
      </p>
      <div className="garden-tips__controls">
        <button type="button" onClick={() => actorRef.send({ type: 'tips.next' })}>
          Next tip
        </button>
        <button type="button" aria-pressed={!playing} onClick={() => actorRef.send({ type: playing ? 'tips.pause' : 'tips.play' })}>
          Pause
        </button>
      </div>
    </section>
  );
}
