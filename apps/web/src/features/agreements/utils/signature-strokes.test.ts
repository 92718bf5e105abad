import { describe, expect, it } from 'vitest';
import { boundsOf, hasInk, signatureDataUrl, type ExportCanvas, type StrokeContext } from './signature-strokes';

/** A canvas that records what is drawn on it, and answers a data URL naming its size. */
function recordingCanvas() {
  const calls: string[] = [];
  const ctx = {
    lineWidth: 0,
    lineCap: 'butt',
    lineJoin: 'miter',
    strokeStyle: '',
    fillStyle: '',
    beginPath: () => calls.push('beginPath'),
    moveTo: (x: number, y: number) => calls.push(`moveTo ${x} ${y}`),
    lineTo: (x: number, y: number) => calls.push(`lineTo ${x} ${y}`),
    stroke: () => calls.push('stroke'),
    arc: (x: number, y: number) => calls.push(`arc ${x} ${y}`),
    fill: () => calls.push('fill'),
    setTransform: () => calls.push('setTransform'),
    clearRect: () => calls.push('clearRect'),
  } as unknown as StrokeContext;
  const canvas: ExportCanvas & { calls: string[] } = {
    width: 0,
    height: 0,
    calls,
    getContext: () => ctx,
    toDataURL: (type) => `data:${type};base64,${canvas.width}x${canvas.height}`,
  };
  return canvas;
}

describe('signatureDataUrl', () => {
  it('answers null when nothing was drawn', () => {
    expect(hasInk([])).toBe(false);
    expect(hasInk([[]])).toBe(false);
    expect(signatureDataUrl([], recordingCanvas)).toBeNull();
  });

  it('exports a PNG cropped to the ink, drawn relative to the box', () => {
    const canvas = recordingCanvas();
    const strokes = [
      [
        { x: 108, y: 58 },
        { x: 208, y: 98 },
      ],
    ];
    const url = signatureDataUrl(strokes, () => canvas);
    // 100 × 40 of ink plus 8 px padding each side, at twice the size: 232 × 112.
    expect(boundsOf(strokes)).toEqual({ x: 100, y: 50, width: 116, height: 56 });
    expect(url).toBe('data:image/png;base64,232x112');
    expect(canvas.calls).toContain('arc 16 16');
    expect(canvas.calls).toContain('moveTo 16 16');
    expect(canvas.calls).toContain('lineTo 216 96');
  });

  it('keeps a wide signature within 600 px', () => {
    const canvas = recordingCanvas();
    const url = signatureDataUrl(
      [
        [
          { x: 0, y: 0 },
          { x: 2000, y: 10 },
        ],
      ],
      () => canvas,
    );
    expect(url).toBe('data:image/png;base64,600x8');
    expect(canvas.width).toBeLessThanOrEqual(600);
  });
});
