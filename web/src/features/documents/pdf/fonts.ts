/**
 * Liberation Sans (TrueType) for the PDFs built in the browser: the standard PDF fonts cannot show
 * ą ę ł ś ż ź ć ń. Fetched once, on the first download, and shared by the invoice and correction PDFs.
 */
import regularUrl from './fonts/LiberationSans-Regular.ttf?url';
import boldUrl from './fonts/LiberationSans-Bold.ttf?url';

interface PdfFonts {
  /** Base64 of the TrueType files. */
  regular: string;
  bold: string;
}

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

let fontsPromise: Promise<PdfFonts> | null = null;

/** Both fonts as base64; a failed fetch is not cached, so the next click tries again. */
export function loadPdfFonts(): Promise<PdfFonts> {
  fontsPromise ??= Promise.all(
    [regularUrl, boldUrl].map(async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`Font ${url}: HTTP ${response.status}`);
      return toBase64(await response.arrayBuffer());
    }),
  ).then(([regular, bold]) => ({ regular, bold }));
  fontsPromise.catch(() => {
    fontsPromise = null;
  });
  return fontsPromise;
}
