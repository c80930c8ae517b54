/**
 * The payment QR code as a matrix and as a GIF image, from a Standard 2D line (paymentQr.ts). Used by
 * the web app (drawn as SVG, loaded on demand) and by the e-mails (an inline GIF: mail programs show
 * attached images, not SVG). Same library and error-correction level as the app's other QR codes.
 */
import qrcode from 'qrcode-generator';
import { paymentQrBytes } from './paymentQr.js';

function build(line: string) {
  const qr = qrcode(0, 'M');
  qr.addData(paymentQrBytes(line), 'Byte');
  qr.make();
  return qr;
}

/** Rows of dark (true) and light modules, without the quiet zone. */
export function paymentQrModules(line: string): boolean[][] {
  const qr = build(line);
  const size = qr.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => qr.isDark(row, col)));
}

/** A black-on-white GIF with the 4-module quiet zone, `cell` pixels per module, as Base64. */
export function paymentQrGifBase64(line: string, cell = 6): string {
  const dataUrl = build(line).createDataURL(cell, cell * 4);
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}
