import { EraserIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, type PointerEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import {
  drawSegment,
  drawStrokes,
  hasInk,
  type Point,
  type Stroke,
  type StrokeContext,
} from '../utils/signature-strokes';

const HEIGHT = 160;

function pointOf(canvas: HTMLCanvasElement, event: { clientX: number; clientY: number }): Point {
  const rect = canvas.getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
}

/**
 * An optional drawn signature: mouse, pen and finger through pointer events (touch-action: none
 * keeps a finger from scrolling the page while it draws). Keyboard users skip it; the typed name
 * and the consent are what the signature rests on. The strokes go to `onChange` after each stroke.
 */
export function SignaturePad({
  strokes,
  onChange,
  disabled,
}: {
  strokes: readonly Stroke[];
  onChange: (strokes: Stroke[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const current = useRef<Stroke | null>(null);
  const strokesRef = useRef(strokes);
  strokesRef.current = strokes;

  const context = useCallback((): StrokeContext | null => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return null;
    const ratio = window.devicePixelRatio || 1;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    return ctx;
  }, []);

  /** Sizes the backing store to the pad's width and pixel ratio, then redraws what is there. */
  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(HEIGHT * ratio);
    const ctx = context();
    if (!ctx) return;
    ctx.clearRect(0, 0, width, HEIGHT);
    drawStrokes(ctx, current.current ? [...strokesRef.current, current.current] : strokesRef.current);
  }, [context]);

  useEffect(() => {
    redraw();
    const canvas = canvasRef.current;
    if (!canvas || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => redraw());
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [redraw]);

  // A cleared signature (from here or the parent) is wiped from the canvas too.
  useEffect(() => {
    if (strokes.length === 0) redraw();
  }, [strokes, redraw]);

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = pointOf(event.currentTarget, event);
    current.current = [point];
    const ctx = context();
    if (ctx) drawSegment(ctx, undefined, point);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = current.current;
    if (!stroke) return;
    event.preventDefault();
    const canvas = event.currentTarget;
    // Fast strokes on phones deliver several points per event; they make the line smooth.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const ctx = context();
    for (const each of events.length > 0 ? events : [event]) {
      const point = pointOf(canvas, each);
      if (ctx) drawSegment(ctx, stroke[stroke.length - 1], point);
      stroke.push(point);
    }
  };

  const end = () => {
    const stroke = current.current;
    current.current = null;
    if (stroke) onChange([...strokesRef.current, stroke]);
  };

  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium">{t('agreements.sign.drawLabel')}</span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={disabled || !hasInk(strokes)}
          onClick={() => {
            current.current = null;
            onChange([]);
          }}
        >
          <EraserIcon aria-hidden="true" />
          {t('agreements.sign.clear')}
        </Button>
      </div>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={hasInk(strokes) ? t('agreements.sign.drawDone') : t('agreements.sign.drawEmpty')}
        aria-describedby={hintId}
        data-testid="signature-pad"
        className="block w-full touch-none rounded-md border border-dashed border-input bg-white"
        style={{ height: HEIGHT }}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onLostPointerCapture={end}
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {t('agreements.sign.drawHint')}
      </p>
    </div>
  );
}
