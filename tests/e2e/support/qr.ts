import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';

/** Decodes the first QR code found in RGBA pixels. */
export function decodeQr(rgba: Uint8ClampedArray, width: number, height: number): string | null {
  return jsQR(rgba, width, height)?.data ?? null;
}

/**
 * Decodes the QR code a page shows (an SVG, or an IMG such as an e-mail's inline GIF): draws it on a
 * white canvas in the page, without smoothing, and decodes the pixels — what a phone's camera would read.
 */
export async function decodeQrInPage(element: Locator, side = 360): Promise<string | null> {
  const pixels = await element.evaluate(async (node, size) => {
    const img = new Image();
    img.src =
      node instanceof SVGElement
        ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(node))}`
        : (node as HTMLImageElement).src;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size, size);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(img, 0, 0, size, size);
    return Array.from(ctx.getImageData(0, 0, size, size).data);
  }, side);
  return decodeQr(new Uint8ClampedArray(pixels), side, side);
}
