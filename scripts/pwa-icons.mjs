#!/usr/bin/env node
// Renders the PWA icons (web/public/icons/*.png) from the favicon's artwork with headless Chromium.
// Usage: node scripts/pwa-icons.mjs   (re-run after changing web/public/favicon.svg; the PNGs are committed)
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureChromium } from './lib/chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'web', 'public', 'icons');
const favicon = readFileSync(join(root, 'web', 'public', 'favicon.svg'), 'utf8');
// The favicon's content without its rounded tile: a maskable icon fills the square and keeps the
// artwork inside the central 80 % safe zone, since launchers cut it to their own shape.
const artwork = favicon
  .replace(/^<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<rect[^>]*\/>/, '');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0b3d91"/><g transform="translate(6.4 6.4) scale(0.8)">${artwork}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon-180.png', size: 180, svg: maskable },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: await ensureChromium() });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: join(outDir, file), omitBackground: true });
    await page.close();
    console.log(`web/public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
