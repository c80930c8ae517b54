import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';

/** Decodes the first QR code found in RGBA pixels. */
export function decodeQr(rgba: Uint8ClampedArray, width: number, height: number): string | null {
  return jsQR(rgba, width, height)?.data ?? null;
}

/**
 * What a page shows of an element (an SVG, drawn from its own markup, or an IMG such as an e-mail's
 * inline GIF), as a camera would see it: drawn without smoothing, `side` px wide, in the middle of a
 * white `width` × `height` canvas in the page (no screenshot API inside the page). Its RGBA pixels.
 */
export async function pixelsOf(
  element: Locator,
  { width, height, side }: { width: number; height: number; side: number },
): Promise<Uint8ClampedArray> {
  const base64 = await element.evaluate(
    async (node, { width, height, side }) => {
      const img = new Image();
      img.src =
        node instanceof SVGElement
          ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(node))}`
          : (node as HTMLImageElement).src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(img, (width - side) / 2, (height - side) / 2, side, side);
      // Base64 of the bytes: a fraction of the size of a JSON array of numbers.
      const rgba = ctx.getImageData(0, 0, width, height).data;
      let binary = '';
      for (let i = 0; i < rgba.length; i++) binary += String.fromCharCode(rgba[i]);
      return btoa(binary);
    },
    { width, height, side },
  );
  return new Uint8ClampedArray(Buffer.from(base64, 'base64'));
}

/**
 * Decodes the QR code a page shows (an SVG, or an IMG such as an e-mail's inline GIF): draws it on a
 * white canvas in the page, without smoothing, and decodes the pixels — what a phone's camera would read.
 */
export async function decodeQrInPage(element: Locator, side = 360): Promise<string | null> {
  return decodeQr(await pixelsOf(element, { width: side, height: side, side }), side, side);
}
