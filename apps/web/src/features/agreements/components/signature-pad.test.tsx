import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { signatureDataUrl, type Stroke } from '../utils/signature-strokes';
import { SignaturePad } from './signature-pad';

/** jsdom has no canvas drawing; a context that records the calls stands in for it. */
function stubCanvas() {
  const calls: string[] = [];
  const ctx = new Proxy(
    {},
    {
      get:
        (_target, name) =>
        (...args: unknown[]) =>
          calls.push(`${String(name)} ${args.join(' ')}`.trim()),
      set: () => true,
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (this: HTMLCanvasElement) {
    return `data:image/png;base64,${this.width}x${this.height}`;
  });
  return calls;
}

function Harness({ onStrokes }: { onStrokes: (strokes: Stroke[]) => void }) {
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  return (
    <SignaturePad
      strokes={strokes}
      onChange={(next) => {
        setStrokes(next);
        onStrokes(next);
      }}
    />
  );
}

describe('SignaturePad', () => {
  it('turns a touch stroke into points, exports it as a PNG and clears it', () => {
    const calls = stubCanvas();
    const seen: Stroke[][] = [];
    render(<Harness onStrokes={(strokes) => seen.push(strokes)} />);
    const pad = screen.getByTestId('signature-pad');
    expect(pad).toHaveAccessibleName('Unterschriftsfeld, leer');
    expect(screen.getByRole('button', { name: 'Löschen' })).toBeDisabled();

    fireEvent.pointerDown(pad, { pointerId: 1, pointerType: 'touch', clientX: 20, clientY: 30, button: 0 });
    fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'touch', clientX: 60, clientY: 50 });
    fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'touch', clientX: 120, clientY: 40 });
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'touch' });

    expect(seen).toEqual([
      [
        [
          { x: 20, y: 30 },
          { x: 60, y: 50 },
          { x: 120, y: 40 },
        ],
      ],
    ]);
    expect(calls).toContain('lineTo 120 40');
    expect(pad).toHaveAccessibleName('Unterschriftsfeld mit gezeichneter Unterschrift');
    expect(signatureDataUrl(seen[0]!)).toMatch(/^data:image\/png;base64,\d+x\d+$/);

    fireEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    expect(seen.at(-1)).toEqual([]);
    expect(pad).toHaveAccessibleName('Unterschriftsfeld, leer');
  });

  it('ignores a moving pointer that never went down, and the right mouse button', () => {
    stubCanvas();
    const seen: Stroke[][] = [];
    render(<Harness onStrokes={(strokes) => seen.push(strokes)} />);
    const pad = screen.getByTestId('signature-pad');
    fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'mouse', clientX: 5, clientY: 5 });
    fireEvent.pointerDown(pad, { pointerId: 1, pointerType: 'mouse', clientX: 5, clientY: 5, button: 2 });
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'mouse' });
    expect(seen).toEqual([]);
  });
});
