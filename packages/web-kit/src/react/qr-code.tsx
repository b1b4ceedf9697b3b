import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/**
 * A QR code as one SVG path (qrcode-generator: no dependencies, ~8 KB gzip). Its own entry
 * (@dropdesk/web-kit/react/qr-code), so it lands only in the lazy chunk of the screen that draws one.
 */
export function QrCode({ text, size = 200, label }: { text: string; size?: number; label: string }) {
  const { path, count } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text, 'Byte');
    qr.make();
    const n = qr.getModuleCount();
    let d = '';
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
    return { path: d, count: n + 8 };
  }, [text]);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
