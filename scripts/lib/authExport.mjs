// The Auth emulator's accounts kept across `npm start` runs, replaced only by a verified export.
//
// firebase-tools' --export-on-exit deletes its target folder and moves a new export in, with no check
// that the export is complete or even came from this stack (its hub locator file is shared by every
// stack of the project on the machine, so one stack can export another's accounts). So it never writes
// into the kept export: it exports into a staging folder, and the stack promotes that folder only when
// its metadata and account files parse — keeping the previous export otherwise.
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

const METADATA_FILE = 'firebase-export-metadata.json';

/** Folder names inside the stack's data folder. */
export const AUTH_EXPORT_DIRS = {
  /** The export the next start imports. */
  current: 'firebase',
  /** The export it replaced, kept as a fallback. */
  previous: 'firebase.previous',
  /** Where firebase-tools writes on exit; never imported before it is verified and promoted. */
  staging: 'firebase.export-in-progress',
};

/**
 * Reads an Auth export folder written by firebase-tools.
 * @returns {{ ok: true, users: number } | { ok: false, reason: string }}
 */
export function readAuthExport(dir) {
  const metadataFile = path.join(dir, METADATA_FILE);
  if (!existsSync(metadataFile)) return { ok: false, reason: `${METADATA_FILE} is missing` };
  let metadata;
  try {
    metadata = JSON.parse(readFileSync(metadataFile, 'utf8'));
  } catch (error) {
    return { ok: false, reason: `${METADATA_FILE} does not parse (${error.message})` };
  }
  const authPath = metadata?.auth?.path;
  if (typeof authPath !== 'string' || !authPath) return { ok: false, reason: `${METADATA_FILE} names no Auth export` };
  const authDir = path.resolve(dir, authPath);
  if (!authDir.startsWith(path.resolve(dir) + path.sep))
    return { ok: false, reason: `${METADATA_FILE} points outside the export` };

  let accounts;
  try {
    accounts = JSON.parse(readFileSync(path.join(authDir, 'accounts.json'), 'utf8'));
  } catch (error) {
    return { ok: false, reason: `accounts.json is missing or does not parse (${error.message})` };
  }
  // firebase-tools saves the HTTP body whatever the status, so an error answer is a file too.
  if (accounts?.kind !== 'identitytoolkit#DownloadAccountResponse') {
    return {
      ok: false,
      reason: `accounts.json is not an account download${accounts?.error?.message ? ` (${accounts.error.message})` : ''}`,
    };
  }
  const users = accounts.users ?? [];
  if (!Array.isArray(users) || users.some((user) => typeof user?.localId !== 'string'))
    return { ok: false, reason: 'accounts.json has malformed users' };
  try {
    JSON.parse(readFileSync(path.join(authDir, 'config.json'), 'utf8'));
  } catch (error) {
    return { ok: false, reason: `config.json is missing or does not parse (${error.message})` };
  }
  return { ok: true, users: users.length };
}

/**
 * The export to import at start: the current one, or the previous one when the current one is missing
 * or unreadable (a stop that was killed between the two renames of promoteAuthExport).
 * @returns {string | null} folder to pass to --import
 */
export function chooseAuthImport(dataDir, log = () => {}) {
  const current = path.join(dataDir, AUTH_EXPORT_DIRS.current);
  const previous = path.join(dataDir, AUTH_EXPORT_DIRS.previous);
  const currentState = readAuthExport(current);
  if (currentState.ok) return current;
  const previousState = readAuthExport(previous);
  if (previousState.ok) {
    log(
      `The Auth export in ${AUTH_EXPORT_DIRS.current}/ is unusable (${currentState.reason}): importing ${AUTH_EXPORT_DIRS.previous}/ instead.`,
    );
    return previous;
  }
  if (existsSync(current))
    log(
      `The Auth export in ${AUTH_EXPORT_DIRS.current}/ is unusable (${currentState.reason}): starting without Auth accounts.`,
    );
  return null;
}

/**
 * Verifies the staging export and, when it is complete, makes it the current one (the current one
 * becomes the previous one). An export that does not parse, or that has no accounts while the one it
 * would replace has some, is discarded and the current export kept: the local stack always has the demo
 * accounts, so an empty export means the export went wrong, not that every account was deleted.
 * @param {string} dataDir
 * @param {{ complete: boolean, log?: (line: string) => void }} options complete: false when the stack
 *   never finished starting (its Auth emulator may not have imported the accounts yet)
 * @returns {{ promoted: boolean, reason?: string, users?: number }}
 */
export function promoteAuthExport(dataDir, { complete, log = () => {} }) {
  const staging = path.join(dataDir, AUTH_EXPORT_DIRS.staging);
  const current = path.join(dataDir, AUTH_EXPORT_DIRS.current);
  const previous = path.join(dataDir, AUTH_EXPORT_DIRS.previous);
  const keep = (reason) => {
    rmSync(staging, { recursive: true, force: true });
    log(`Auth export not saved (${reason}); the previous export is kept.`);
    return { promoted: false, reason };
  };
  if (!existsSync(staging)) return keep('no export was written');
  if (!complete) return keep('the stack stopped before it finished starting');
  const exported = readAuthExport(staging);
  if (!exported.ok) return keep(exported.reason);
  const replaced = readAuthExport(current);
  if (exported.users === 0 && replaced.ok && replaced.users > 0)
    return keep(`it has no accounts, the previous export has ${replaced.users}`);

  rmSync(previous, { recursive: true, force: true });
  if (existsSync(current)) renameSync(current, previous);
  renameSync(staging, current);
  return { promoted: true, users: exported.users };
}

/** Removes a staging export left by a stop that did not finish: it was never verified. */
export function discardStaleStaging(dataDir, log = () => {}) {
  const staging = path.join(dataDir, AUTH_EXPORT_DIRS.staging);
  if (!existsSync(staging)) return;
  rmSync(staging, { recursive: true, force: true });
  log(`Discarded an unverified Auth export left by an interrupted stop (${AUTH_EXPORT_DIRS.staging}/).`);
}
