// The drawn signature as data: strokes of points in CSS pixels of the pad. Drawing on screen and the
// exported PNG both render from these, so a resize (phone rotation) redraws the same signature and
// the export is cropped to what was drawn rather than the pad's size.
export type Point = { x: number; y: number };
export type Stroke = Point[];

/** The part of a 2D context the strokes are drawn with (a real canvas, or a recorder in tests). */
export type StrokeContext = Pick<
  CanvasRenderingContext2D,
  'beginPath' | 'moveTo' | 'lineTo' | 'stroke' | 'arc' | 'fill' | 'setTransform' | 'clearRect'
> & {
  lineWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  fillStyle: string | CanvasGradient | CanvasPattern;
};

export const INK = '#0f172a';
export const LINE_WIDTH = 2.5;
/** Space kept around the drawn lines in the export, in CSS pixels. */
const PADDING = 8;
/** The export's longest side; a phone's pad at a high pixel ratio would otherwise send megabytes. */
const MAX_EXPORT_WIDTH = 600;
const MAX_EXPORT_HEIGHT = 240;

/** A signature needs at least one stroke; a single tap is a dot, which counts. */
export const hasInk = (strokes: readonly Stroke[]) => strokes.some((stroke) => stroke.length > 0);

function styleInk(ctx: StrokeContext, width: number) {
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = INK;
  ctx.fillStyle = INK;
}

/** Draws one segment (or a dot for a stroke's first point) while the pointer moves. */
export function drawSegment(ctx: StrokeContext, from: Point | undefined, to: Point, width = LINE_WIDTH) {
  styleInk(ctx, width);
  ctx.beginPath();
  if (!from) {
    ctx.arc(to.x, to.y, width / 2, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  ctx.moveTo(from.x, from.y);
  ctx.lineTo(to.x, to.y);
  ctx.stroke();
}

/** Draws all strokes, shifted by `offset` and scaled by `scale` (pixel ratio or export fit). */
export function drawStrokes(
  ctx: StrokeContext,
  strokes: readonly Stroke[],
  { scale = 1, offset = { x: 0, y: 0 } }: { scale?: number; offset?: Point } = {},
) {
  const at = (p: Point): Point => ({ x: (p.x - offset.x) * scale, y: (p.y - offset.y) * scale });
  for (const stroke of strokes) {
    stroke.forEach((point, index) =>
      drawSegment(ctx, index === 0 ? undefined : at(stroke[index - 1]!), at(point), LINE_WIDTH * scale),
    );
  }
}

/** The box around all points, with the padding; null without ink. */
export function boundsOf(strokes: readonly Stroke[]) {
  const points = strokes.flat();
  if (points.length === 0) return null;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const minX = Math.min(...xs) - PADDING;
  const minY = Math.min(...ys) - PADDING;
  return { x: minX, y: minY, width: Math.max(...xs) + PADDING - minX, height: Math.max(...ys) + PADDING - minY };
}

/** What the export needs of a canvas: set its size, draw on it, read it as a data URL. */
export type ExportCanvas = {
  width: number;
  height: number;
  getContext: (kind: '2d') => StrokeContext | null;
  toDataURL: (type: 'image/png') => string;
};

const browserCanvas = () => document.createElement('canvas') as unknown as ExportCanvas;

/**
 * The signature as a PNG data URL (transparent background, cropped to the ink, at most
 * 600 × 240 px), or null when nothing was drawn.
 */
export function signatureDataUrl(
  strokes: readonly Stroke[],
  makeCanvas: () => ExportCanvas = browserCanvas,
): string | null {
  const box = boundsOf(strokes);
  if (!box) return null;
  const scale = Math.min(2, MAX_EXPORT_WIDTH / box.width, MAX_EXPORT_HEIGHT / box.height);
  const canvas = makeCanvas();
  canvas.width = Math.max(1, Math.round(box.width * scale));
  canvas.height = Math.max(1, Math.round(box.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  drawStrokes(ctx, strokes, { scale, offset: { x: box.x, y: box.y } });
  return canvas.toDataURL('image/png');
}
