import type { SliderEvent } from '../../machines/slider/slider.machine';
import { pageVisibility } from '../../runtime/page-visibility';

/** What every slider widget provides: its autoplay is held while the page is hidden (issue 22). */
export function sliderAdapters(element: HTMLElement) {
  return {
    actors: {
      pageVisibility: pageVisibility<SliderEvent>(
        element.ownerDocument,
        { type: 'autoplay.hold', reason: 'hidden' },
        { type: 'autoplay.release', reason: 'hidden' },
      ),
    },
  };
}
