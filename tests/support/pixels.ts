import type { Page } from 'playwright-core';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * What a screenshot shows inside each box: how many of its pixels are light (luminance above 160 of
 * 255). The PNG is decoded by a blank page of the same browser (no image library needed), so the
 * page under test runs no extra script.
 */
export async function lightPixels(page: Page, boxes: readonly Box[]): Promise<number[]> {
  const png = (await page.screenshot()).toString('base64');
  const decoder = await page.context().newPage();
  try {
    return await decoder.evaluate(
      async ({ data, regions, scale }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        context.drawImage(image, 0, 0);
        return regions.map((box) => {
          const x = Math.max(0, Math.floor(box.x * scale));
          const y = Math.max(0, Math.floor(box.y * scale));
          const width = Math.min(image.width - x, Math.ceil(box.width * scale));
          const height = Math.min(image.height - y, Math.ceil(box.height * scale));
          if (width <= 0 || height <= 0) return 0;
          const { data: rgba } = context.getImageData(x, y, width, height);
          let light = 0;
          for (let i = 0; i < rgba.length; i += 4) {
            const luminance = 0.2126 * (rgba[i] ?? 0) + 0.7152 * (rgba[i + 1] ?? 0) + 0.0722 * (rgba[i + 2] ?? 0);
            if (luminance > 160) light++;
          }
          return light;
        });
      },
      { data: png, regions: [...boxes], scale: await page.evaluate(() => window.devicePixelRatio) },
    );
  } finally {
    await decoder.close();
  }
}
