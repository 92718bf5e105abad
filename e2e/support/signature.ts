// Drawing on the signature pad the way a person does: a finger through real touch events (the
// browser turns them into pointer events of type "touch"), or the mouse.
import { expect, type Locator, type Page } from '@playwright/test';

/** A zigzag across the pad, as fractions of its width and height. */
const PATH = [
  [0.1, 0.6],
  [0.25, 0.3],
  [0.4, 0.7],
  [0.55, 0.35],
  [0.7, 0.65],
  [0.9, 0.4],
] as const;

async function pointsOn(pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  expect(box, 'signature pad on screen').not.toBeNull();
  return PATH.map(([fx, fy]) => ({ x: box!.x + box!.width * fx, y: box!.y + box!.height * fy }));
}

export async function drawWithFinger(page: Page, pad: Locator) {
  const points = await pointsOn(pad);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [points[0]!] });
  for (const point of points.slice(1)) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

export async function drawWithMouse(page: Page, pad: Locator) {
  const points = await pointsOn(pad);
  await page.mouse.move(points[0]!.x, points[0]!.y);
  await page.mouse.down();
  for (const point of points.slice(1)) await page.mouse.move(point.x, point.y, { steps: 4 });
  await page.mouse.up();
}

/** Some of the pad's pixels are ink (the canvas is not blank any more). */
export async function inkedPixels(pad: Locator): Promise<number> {
  return pad.evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) count += 1;
    return count;
  });
}
