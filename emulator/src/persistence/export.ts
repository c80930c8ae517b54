import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { CorruptDataError } from './errors.js';
import { isErrno, writeFileAtomic } from './fsutil.js';

// The layout of `firebase emulators:export` (firebase-tools lib/emulator/hubExport.js):
//   <dir>/firebase-export-metadata.json   {"version": <CLI>, "database": {"version": <emulator>, "path": "database_export"}, ...}
//   <dir>/database_export/<ns>.json       GET /.json?ns=<ns>&format=export of that namespace
// and on import (lib/emulator/controller.js) every *.json in database.path is PUT to /.json?ns=<basename>.
const EXPORT_METADATA_FILE = 'firebase-export-metadata.json';
const DATABASE_EXPORT_DIR = 'database_export';
// Versions firebase-tools 15 would write; it records them but does not check them on import.
const CLI_VERSION = '15.34.2';
const DATABASE_EMULATOR_VERSION = '4.11.2';

// Namespace names become file names; the real service allows [a-z0-9-] (plus the default-rtdb suffix).
const NAMESPACE_RE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

interface ExportMetadata {
  version?: string;
  database?: { version?: string; path: string };
  [emulator: string]: unknown;
}

async function readMetadata(file: string): Promise<ExportMetadata | null> {
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as ExportMetadata;
  } catch {
    throw new CorruptDataError(file, 'unparsable export metadata');
  }
}

/** Writes (or refreshes) the database part of an export directory; other emulators' parts are kept. */
export async function exportDatabases(dir: string, data: Map<string, unknown>): Promise<void> {
  for (const ns of data.keys()) {
    if (!NAMESPACE_RE.test(ns)) throw new Error(`Namespace ${JSON.stringify(ns)} cannot be exported (invalid name)`);
  }
  const root = path.resolve(dir);
  const dbDir = path.join(root, DATABASE_EXPORT_DIR);
  await fsp.mkdir(dbDir, { recursive: true });
  const metadataFile = path.join(root, EXPORT_METADATA_FILE);
  const metadata = (await readMetadata(metadataFile)) ?? { version: CLI_VERSION };
  // A re-export replaces the database part as a whole, like firebase-tools' directory swap.
  for (const name of await fsp.readdir(dbDir)) {
    if (name.endsWith('.json') && !data.has(name.slice(0, -5))) await fsp.rm(path.join(dbDir, name), { force: true });
  }
  for (const [ns, json] of data) {
    await writeFileAtomic(path.join(dbDir, `${ns}.json`), JSON.stringify(json ?? null));
  }
  metadata.database = { version: DATABASE_EMULATOR_VERSION, path: DATABASE_EXPORT_DIR };
  await writeFileAtomic(metadataFile, `${JSON.stringify(metadata, undefined, 2)}`);
}

/** Reads an export directory made by `firebase emulators:export` or by exportDatabases. */
export async function importDatabases(dir: string): Promise<Map<string, unknown>> {
  const root = path.resolve(dir);
  const metadataFile = path.join(root, EXPORT_METADATA_FILE);
  const metadata = await readMetadata(metadataFile);
  if (!metadata) {
    throw new Error(`${root} is not an emulator export: ${EXPORT_METADATA_FILE} is missing`);
  }
  const out = new Map<string, unknown>();
  if (!metadata.database) return out; // an export of other emulators only
  if (typeof metadata.database.path !== 'string')
    throw new CorruptDataError(metadataFile, 'database.path is not a string');
  const dbDir = path.resolve(root, metadata.database.path);
  let names: string[];
  try {
    names = (await fsp.readdir(dbDir)).filter((f) => f.endsWith('.json')).sort();
  } catch (error) {
    if (isErrno(error, 'ENOENT'))
      throw new CorruptDataError(dbDir, 'the database export directory named in the metadata is missing');
    throw error;
  }
  for (const name of names) {
    const file = path.join(dbDir, name);
    let json: unknown;
    try {
      json = JSON.parse(await fsp.readFile(file, 'utf8'));
    } catch (error) {
      if (error instanceof SyntaxError) throw new CorruptDataError(file, 'unparsable JSON');
      throw error;
    }
    if (json !== null) out.set(path.basename(name, '.json'), json);
  }
  return out;
}
