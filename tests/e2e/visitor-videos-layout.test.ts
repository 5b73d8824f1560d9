import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const { visit } = useBrowser();

/** Every player frame on /videos/: the Video widget's frame, a media player's video, audio or platform box. */
const FRAMES = '.video__frame, .media-player__media, .media-player__site';

describe('/videos/ as one column (issue 31, item 18)', () => {
  for (const width of [390, 1280, 1440]) {
    it(`item 18: at ${String(width)} px every frame has one width and one left edge, centred in the content column`, async () => {
      const { page } = await visit('/videos/', { viewport: { width, height: 900 } });
      const boxes = await page.locator(FRAMES).evaluateAll((frames) =>
        frames.map((frame) => {
          const box = frame.getBoundingClientRect();
          const column = (frame.closest('section') ?? document.body).getBoundingClientRect();
          return { left: Math.round(box.left), width: Math.round(box.width), centre: Math.round(box.left + box.width / 2), columnCentre: Math.round(column.left + column.width / 2) };
        }),
      );
      expect(boxes.length).toBeGreaterThanOrEqual(7);
      const [first] = boxes;
      for (const box of boxes) {
        expect(Math.abs(box.width - (first?.width ?? 0))).toBeLessThanOrEqual(1);
        expect(Math.abs(box.left - (first?.left ?? 0))).toBeLessThanOrEqual(1);
        expect(Math.abs(box.centre - box.columnCentre)).toBeLessThanOrEqual(1);
      }
    });
  }
});
