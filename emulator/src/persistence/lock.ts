import { randomBytes } from 'node:crypto';
import { promises as fsp, readFileSync } from 'node:fs';
import path from 'node:path';
import { DataDirLockedError } from './errors.js';
import { isErrno } from './fsutil.js';

const LOCK_FILE = 'LOCK';

// The lock file is one line: `<pid> start=<ticks> boot=<boot id> token=<random hex>`.
// A pid alone cannot tell the emulator that wrote the lock from a process that got the same pid
// after a crash (pids are reused, and start again from low numbers after a reboot); the pid's start
// time (/proc/<pid>/stat, in clock ticks since boot) together with the boot id can. The token lets
// a holder recognise its own lock when it releases it.

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still a live holder.
    return isErrno(error, 'EPERM');
  }
}

/** Field 22 of /proc/<pid>/stat, the process's start time in clock ticks since boot; null without /proc. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces and ')'; fields 3.. follow the last ')'.
    const field = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3];
    return field && /^\d+$/.test(field) ? field : null;
  } catch {
    return null;
  }
}

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

interface LockIdentity {
  pid: number;
  start: string | null;
  boot: string | null;
  token: string | null;
}

function parseLock(text: string): LockIdentity | null {
  const [pidText, ...fields] = text.trim().split(' ');
  const pid = Number.parseInt(pidText ?? '', 10);
  if (!Number.isFinite(pid) || pid <= 0) return null;
  const field = (name: string): string | null =>
    fields.find((f) => f.startsWith(`${name}=`))?.slice(name.length + 1) || null;
  return { pid, start: field('start'), boot: field('boot'), token: field('token') };
}

/**
 * Whether the process that wrote the lock still runs. A dead pid: no. A live pid whose start time
 * or boot differs from the lock's: no — the pid now belongs to another process. A live pid with the
 * same identity, or one that cannot be checked (a lock of an older emulator, no /proc): yes.
 */
function holderAlive(lock: LockIdentity): { alive: boolean; verified: boolean } {
  if (!processAlive(lock.pid)) return { alive: false, verified: true };
  if (lock.start === null || lock.boot === null) return { alive: true, verified: false };
  const boot = bootId();
  const start = processStartTime(lock.pid);
  if (boot === null || start === null) return { alive: true, verified: false };
  return { alive: boot === lock.boot && start === lock.start, verified: true };
}

/**
 * How long a lock without a valid identity (empty, blank, garbage, pid 0) may stay so before it
 * counts as stale. An emulator writes its identity right after creating the file, so the only
 * such lock a live emulator shows is one it is filling in at this instant; anything that stays
 * unreadable this long was left by a writer that died in between, or by something else.
 */
const LOCK_FILL_GRACE_MS = 1000;
const LOCK_FILL_POLL_MS = 20;

/**
 * The lock's holder; null when the lock names none (stale), 'gone' when the file disappeared.
 * A lock that names none is re-read until it does or until it is LOCK_FILL_GRACE_MS old (by its
 * mtime, and at most that long from now), so an emulator caught between creating and filling its
 * lock is still seen as the holder.
 */
async function readLock(file: string): Promise<LockIdentity | null | 'gone'> {
  const deadline = Date.now() + LOCK_FILL_GRACE_MS;
  for (;;) {
    let text: string;
    let modified: number;
    try {
      text = await fsp.readFile(file, 'utf8');
      modified = (await fsp.stat(file)).mtimeMs;
    } catch (error) {
      if (isErrno(error, 'ENOENT')) return 'gone';
      throw error;
    }
    const lock = parseLock(text);
    if (lock !== null) return lock;
    const now = Date.now();
    if (now >= deadline || now - modified >= LOCK_FILL_GRACE_MS) return null;
    await new Promise((resolve) => setTimeout(resolve, LOCK_FILL_POLL_MS));
  }
}

/** Lock file. A lock left by a process that is gone (kill -9, crash, reboot), whose pid now belongs
 *  to another process, or that names no process at all (empty or garbage, see readLock) is taken
 *  over; a live holder — including another store in this very process — is refused. Two processes taking over the same stale lock at the same instant could
 *  both win (remove + create is not one step); starting two emulators on one directory within
 *  microseconds of each other after a crash is not a case this guards. */
export async function acquireLock(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, LOCK_FILE);
  const token = randomBytes(16).toString('hex');
  const identity = `${process.pid} start=${processStartTime(process.pid) ?? 'unknown'} boot=${bootId() ?? 'unknown'} token=${token}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await fsp.open(file, 'wx');
      try {
        await handle.writeFile(identity);
        await handle.sync();
      } finally {
        await handle.close();
      }
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        // Only our own lock: another emulator may have taken the directory over meanwhile.
        const current = await fsp.readFile(file, 'utf8').catch(() => null);
        if (current !== null && parseLock(current)?.token === token) await fsp.rm(file, { force: true });
      };
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error;
    }
    const lock = await readLock(file);
    if (lock === 'gone') continue; // released between our open and read
    if (lock !== null) {
      const { alive, verified } = holderAlive(lock);
      if (alive) throw new DataDirLockedError(dir, lock.pid, verified ? null : file);
    }
    await fsp.rm(file, { force: true });
  }
  throw new Error(`Could not acquire the lock on ${dir}`);
}
