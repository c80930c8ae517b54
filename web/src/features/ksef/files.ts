/**
 * Files handed to the browser. The XML is written as the UTF-8 bytes of the generated text — exactly
 * the bytes whose SHA-256 is in the KOD I link — with no byte-order mark and no re-encoding.
 */
import { utf8 } from '@domain/ksef/sha256';
import { saveFile } from '../../shared/ui/saveFile';

export function saveXml(fileName: string, xml: string): void {
  saveFile(fileName, utf8(xml), 'application/xml');
}

/**
 * A ZIP of XML files (fflate, loaded on first use). Entries are stored in the given order with a fixed
 * time stamp, so the same month gives the same archive.
 */
export async function zipXmlFiles(
  files: readonly { fileName: string; xml: string }[],
  stamp: Date,
): Promise<Uint8Array> {
  const { zipSync } = await import('fflate');
  const entries: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const f of files) entries[f.fileName] = [utf8(f.xml), { mtime: stamp }];
  return zipSync(entries, { level: 6 });
}
