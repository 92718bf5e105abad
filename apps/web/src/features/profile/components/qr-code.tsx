import { useMemo } from 'react';
import { encode } from 'uqr';

/** A QR code as an SVG path (no inline markup), black on white with the quiet zone the scanners need. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { path, size } = useMemo(() => {
    const { data, size: modules } = encode(value, { ecc: 'M', border: 4 });
    let d = '';
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, size: modules };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-48 shrink-0 rounded-md border border-border bg-white"
      data-qr-value={value}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
