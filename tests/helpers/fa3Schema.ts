/**
 * Validation against the official FA(3) schema with xmllint (Debian `libxml2-utils`; .ci/run installs
 * it) and the schema files vendored in functions/src/domain/ksef/schema, for the unit, functions and
 * e2e suites.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A file of the vendored schema (resolved on use: module URLs are not file URLs in a browser-like test environment). */
export function schemaFile(name: string): string {
  return fileURLToPath(new URL(`../../functions/src/domain/ksef/schema/${name}`, import.meta.url));
}

interface SchemaVerdict {
  valid: boolean;
  /** xmllint's messages (file name, line, what is wrong). */
  output: string;
}

/**
 * Validates XML documents against FA(3) in one xmllint run (offline: the catalog maps the schema's
 * import URL to the local copies). Returns one verdict per document, in order.
 */
export function validateFa3(documents: readonly string[]): SchemaVerdict[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'fa3-'));
  try {
    const files = documents.map((xml, i) => {
      const file = path.join(dir, `doc-${i}.xml`);
      writeFileSync(file, xml, 'utf8');
      return file;
    });
    let output = '';
    try {
      execFileSync('xmllint', ['--nonet', '--noout', '--schema', schemaFile('schemat_FA(3)_v1-0E.xsd'), ...files], {
        env: { ...process.env, XML_CATALOG_FILES: schemaFile('catalog.xml') },
        stdio: ['ignore', 'pipe', 'pipe'],
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      const e = error as { stderr?: Buffer; status?: number; code?: string };
      if (e.code === 'ENOENT') throw new Error('xmllint is missing: apt-get install libxml2-utils', { cause: error });
      output = String(e.stderr ?? '');
    }
    return files.map((file) => {
      const mine = output.split('\n').filter((line) => line.startsWith(file) && !line.endsWith(' validates'));
      return { valid: mine.length === 0 && !output.includes(`${file} fails to validate`), output: mine.join('\n') };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
