import { create } from 'qrcode';
import { useMemo } from 'react';

/** Light modules around the code, as the QR specification asks, so scanners find its edges. */
const QUIET_ZONE = 4;

/**
 * `text` as a QR code, drawn here as one SVG path: the secret it carries never leaves the page
 * (no image service). Always dark on white, whatever the theme, as scanners expect.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
      }
    }
    return { size: modules.size + 2 * QUIET_ZONE, path: d };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-48 rounded-md bg-white"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
