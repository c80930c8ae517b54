import { useEffect, useState } from 'react';
import { Skeleton } from '@mantine/core';

interface Matrix {
  size: number;
  path: string;
}

/** Builds the QR matrix with qrcode-generator, loaded on first use so pages without a QR code never download it. */
async function qrMatrix(text: string): Promise<Matrix> {
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  // Upper-case letters and digits fit the compact alphanumeric mode (a smaller, easier to scan code).
  qr.addData(text, /^[0-9A-Z $%*+\-./:]*$/.test(text) ? 'Alphanumeric' : 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) if (qr.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
  }
  return { size, path };
}

interface QrCodeProps {
  value: string;
  /** Rendered width and height in CSS pixels (the SVG scales without blur). */
  size: number;
  /** What a screen reader announces instead of the picture. */
  label: string;
}

/**
 * A QR code drawn as SVG: always black on white with a 4-module quiet zone, so a scanner reads it in
 * dark mode as well, from a phone screen.
 */
export function QrCode({ value, size, label }: QrCodeProps) {
  const [matrix, setMatrix] = useState<{ value: string; m: Matrix } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    qrMatrix(value).then(
      (m) => live && setMatrix({ value, m }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [value]);

  if (failed) return null;
  if (!matrix || matrix.value !== value)
    return <Skeleton width={size} height={size} radius="sm" aria-label="Przygotowywanie kodu QR" />;
  const quiet = 4;
  const box = matrix.m.size + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="qr-code"
      data-modules={matrix.m.size}
      width={size}
      height={size}
      viewBox={`${-quiet} ${-quiet} ${box} ${box}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff', borderRadius: 8, display: 'block', maxWidth: '100%', height: 'auto' }}
    >
      <rect x={-quiet} y={-quiet} width={box} height={box} fill="#fff" />
      <path d={matrix.m.path} fill="#000" />
    </svg>
  );
}
