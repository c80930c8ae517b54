import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { DataDirLockedError } from './errors.js';
import { isErrno } from './fsutil.js';

export const LOCK_FILE = 'LOCK';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still a live holder.
    return isErrno(error, 'EPERM');
  }
}

/** Pid lock file. A lock left by a dead process (kill -9) is taken over; a live holder — including
 *  another store in this very process — is refused. Two processes taking over the same stale lock at
 *  the same instant could both win (remove + create is not one step); starting two emulators on one
 *  directory within microseconds of each other after a crash is not a case this guards. */
export async function acquireLock(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await fsp.open(file, 'wx');
      try {
        await handle.writeFile(`${process.pid}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await fsp.rm(file, { force: true });
      };
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error;
    }
    let text: string;
    try {
      text = await fsp.readFile(file, 'utf8');
    } catch (error) {
      if (isErrno(error, 'ENOENT')) continue; // released between our open and read
      throw error;
    }
    const pid = Number.parseInt(text.trim(), 10);
    // An empty lock file means its writer died between create and write; a live writer would
    // have filled it within microseconds, so it counts as stale only once it is old.
    if (Number.isFinite(pid) && pid > 0 && processAlive(pid)) throw new DataDirLockedError(dir, pid);
    if (!Number.isFinite(pid)) {
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs < 2000) throw new DataDirLockedError(dir, 0);
    }
    await fsp.rm(file, { force: true });
  }
  throw new Error(`Could not acquire the lock on ${dir}`);
}
