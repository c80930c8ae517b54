// A fake camera for Chromium: a Y4M video (raw YUV 4:2:0 frames) that Chromium plays as the webcam
// when launched with --use-file-for-fake-video-capture. The picture is taken from a page: what an
// element looks like on screen (the participant's QR code as the app draws it), in grey, centred on
// a white frame — what a camera pointed at the phone would see.
import { writeFileSync } from 'node:fs';
import type { Browser, Locator } from 'playwright-core';
import { launchChromium } from '../../helpers/chromium.mjs';

export const FRAME = { width: 640, height: 480 } as const;

/** The element drawn into a FRAME-sized grey picture (luma bytes, row by row), `side` px wide. */
export async function lumaFrameOf(element: Locator, side = 360): Promise<Buffer> {
  const base64 = await element.evaluate(
    async (el, { width, height, side }) => {
      // An SVG element is drawn from its own markup (no screenshot API inside the page).
      const markup = new XMLSerializer().serializeToString(el);
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      context.imageSmoothingEnabled = false;
      context.drawImage(image, (width - side) / 2, (height - side) / 2, side, side);
      const rgba = context.getImageData(0, 0, width, height).data;
      let binary = '';
      for (let i = 0; i < width * height; i++) {
        // ITU-R BT.601 luma, studio range (16–235) as Y4M expects.
        const y = 0.299 * rgba[i * 4] + 0.587 * rgba[i * 4 + 1] + 0.114 * rgba[i * 4 + 2];
        binary += String.fromCharCode(Math.round(16 + (y / 255) * 219));
      }
      return btoa(binary);
    },
    { ...FRAME, side },
  );
  return Buffer.from(base64, 'base64');
}

/** Writes a Y4M file of `frames` identical grey frames (Chromium loops it). */
export function writeY4m(file: string, luma: Buffer, frames = 10): void {
  const { width, height } = FRAME;
  if (luma.length !== width * height) throw new Error(`expected ${width * height} luma bytes, got ${luma.length}`);
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128); // no colour
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < frames; i++) parts.push(Buffer.from('FRAME\n'), luma, chroma, chroma);
  writeFileSync(file, Buffer.concat(parts));
}

/** A Chromium of its own whose camera plays `videoFile`; camera permission prompts are accepted. */
export async function launchWithFakeCamera(videoFile: string): Promise<Browser> {
  return launchChromium([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${videoFile}`,
  ]);
}
