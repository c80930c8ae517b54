// A fake camera for Chromium: a Y4M video (raw YUV 4:2:0 frames) that Chromium plays as the webcam
// when launched with --use-file-for-fake-video-capture. The picture is taken from a page: what an
// element looks like on screen (the participant's QR code as the app draws it), in grey, centred on
// a white frame — what a camera pointed at the phone would see.
import { writeFileSync } from 'node:fs';
import type { Browser, Locator } from 'playwright-core';
import { launchChromium } from '../../helpers/chromium.mjs';
import { pixelsOf } from './qr';

const FRAME = { width: 640, height: 480 } as const;

/** The element drawn into a FRAME-sized grey picture (luma bytes, row by row), `side` px wide. */
export async function lumaFrameOf(element: Locator, side = 360): Promise<Buffer> {
  const { width, height } = FRAME;
  const rgba = await pixelsOf(element, { width, height, side });
  const luma = Buffer.alloc(width * height);
  for (let i = 0; i < width * height; i++) {
    // ITU-R BT.601 luma, studio range (16–235) as Y4M expects.
    const y = 0.299 * rgba[i * 4] + 0.587 * rgba[i * 4 + 1] + 0.114 * rgba[i * 4 + 2];
    luma[i] = Math.round(16 + (y / 255) * 219);
  }
  return luma;
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
