import { useSelector } from '@xstate/react';
import { useEffect, type CSSProperties } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { imageHotspotsMachine } from '../../machines/image-hotspots/image-hotspots.machine';
import { domId } from '../../runtime/ids';
import { useWaypoint } from '../../runtime/waypoint';
import { connectImageHotspots } from './image-hotspots.connect';

export interface ImageHotspotsContent {
  image: { src: string; alt: string; width: number; height: number };
  caption: string;
  /** Positions in percent of the image. */
  spots: Array<{ x: number; y: number; title: string; text: string }>;
}

interface Props {
  actorRef: ActorRefFrom<typeof imageHotspotsMachine>;
  content: ImageHotspotsContent;
}

/**
 * §1, §9 Image hotspots with tooltips (APG tooltip): each spot is a button described by its
 * tooltip, which opens on hover, focus or click and closes on leave, blur, a second click or
 * Escape. The spots' texts also read as a numbered list under the image (issue 31.2: the caption
 * asks to choose a spot, and a phone has no hover). Its ARIA and handlers are
 * image-hotspots.connect.ts.
 */
export function ImageHotspots({ actorRef, content }: Props) {
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connectImageHotspots(snapshot, actorRef.send, domId('hotspots', content.image.src));
  const ref = useWaypoint<HTMLElement>(api.onViewEnter);
  const { documentKeyDown } = api;
  useEffect(() => {
    if (!documentKeyDown) return;
    document.addEventListener('keydown', documentKeyDown);
    return () => document.removeEventListener('keydown', documentKeyDown);
  }, [documentKeyDown]);
  return (
    <figure ref={ref} className="image-hotspots" {...api.rootProps}>
      <div className="image-hotspots__stage">
        <img src={content.image.src} alt={content.image.alt} width={content.image.width} height={content.image.height} />
        {content.spots.map((spot, index) => (
          <div
            key={spot.title}
            style={{ '--x': `${spot.x}%`, '--y': `${spot.y}%`, '--x-ratio': spot.x / 100 } as CSSProperties}
            {...api.getSpotProps(index)}
          >
            <button type="button" className="image-hotspots__button" {...api.getButtonProps(index)}>
              <span aria-hidden="true">{index + 1}</span>
              <span className="visually-hidden">{spot.title}</span>
            </button>
            <div {...api.getTooltipProps(index)}>
              <strong>{spot.title}</strong> {spot.text}
            </div>
          </div>
        ))}
      </div>
      <figcaption>
        {content.caption}
        <ol className="image-hotspots__list">
          {content.spots.map((spot) => (
            <li key={spot.title}>
              <strong>{spot.title}:</strong> {spot.text}
            </li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}
