import { promises as fsp, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_NODE, nodeFromJSON, parsePath, type DataNode } from '../../src/core/index.js';
import {
  CorruptDataError,
  DataDirLockedError,
  openDurableStore,
  type DurableStore,
  type JournalOp,
} from '../../src/persistence/index.js';
import { crashImage, journalFiles, tempDir } from './helpers.js';

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function processStartTime(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
}

function bootId(): string {
  return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
}

const open: DurableStore[] = [];
async function openStore(
  dir: string,
  options?: { compactAfterBytes?: number; repair?: boolean },
): Promise<DurableStore> {
  const store = await openDurableStore(dir, options);
  open.push(store);
  return store;
}
afterEach(async () => {
  for (const store of open.splice(0)) await store.close().catch(() => undefined);
});

/** The live server's semantics, straight from the core, to compare replay against. */
function applyLive(roots: Map<string, DataNode>, op: JournalOp): void {
  let root = roots.get(op.ns) ?? EMPTY_NODE;
  if (op.kind === 'set') root = root.updateChild(parsePath(op.path), nodeFromJSON(op.data));
  else {
    for (const [k, v] of Object.entries(op.data as Record<string, unknown>)) {
      root = root.updateChild(parsePath(`${op.path}/${k}`), nodeFromJSON(v));
    }
  }
  roots.set(op.ns, root);
}

function liveState(ops: JournalOp[]): Map<string, unknown> {
  const roots = new Map<string, DataNode>();
  for (const op of ops) applyLive(roots, op);
  const out = new Map<string, unknown>();
  for (const [ns, root] of roots) if (!root.isEmpty()) out.set(ns, root.val(true));
  return out;
}

const OPS: JournalOp[] = [
  { ns: 'a', kind: 'set', path: '/', data: { users: { u1: { name: 'Ala', age: 30 }, u2: { name: 'Ola' } } } },
  { ns: 'a', kind: 'set', path: '/list', data: { '0': 'zero', '1': 'one', '2': 'two' } },
  { ns: 'a', kind: 'set', path: '/users/u2/name', data: null },
  { ns: 'a', kind: 'merge', path: '/users', data: { 'u1/age': 31, 'u3/name': 'Ewa', u4: null } },
  { ns: 'a', kind: 'set', path: '/prio', data: { '.value': 5, '.priority': 'p' } },
  { ns: 'a', kind: 'set', path: '/withPrio', data: { x: 1, '.priority': 10 } },
  { ns: 'b', kind: 'set', path: '/x/y/z', data: 'deep' },
  { ns: 'b', kind: 'set', path: '/empty', data: { a: { b: null } } },
  { ns: 'b', kind: 'merge', path: '/', data: { counter: 1, 'unicode/ząb': 'żółw' } },
  { ns: 'c', kind: 'set', path: '/gone', data: 1 },
  { ns: 'c', kind: 'set', path: '/gone', data: null },
];

describe('durable store: replay', () => {
  it('recovers exactly what the core computes live (set, merge, null, priorities, pruning)', async () => {
    const dir = await tempDir();
    const store = await openStore(dir);
    expect(store.initial.size).toBe(0);
    await Promise.all(OPS.map((op) => store.append(op)));
    const image = await crashImage(dir); // journal only, no compaction
    expect(await journalFiles(image)).toHaveLength(1);

    const reopened = await openStore(image);
    const expected = liveState(OPS);
    expect(reopened.initial).toEqual(expected);
    // Spot checks that do not depend on reading the core: deletes, pruning, priority kept.
    const a = reopened.initial.get('a') as Record<string, any>;
    expect(a.users.u2).toBeUndefined();
    expect(a.users.u1.age).toBe(31);
    expect(a.users.u3.name).toBe('Ewa');
    expect(a.prio).toEqual({ '.value': 5, '.priority': 'p' });
    expect(a.withPrio['.priority']).toBe(10);
    expect((reopened.initial.get('b') as any).empty).toBeUndefined();
    expect(reopened.initial.has('c')).toBe(false);
  });

  it('recovers the same state from a snapshot as from the journal', async () => {
    const dir = await tempDir();
    const store = await openStore(dir);
    for (const op of OPS) await store.append(op);
    await store.close(); // compacts: no source set, so the store rebuilds from its own files
    expect(await journalFiles(dir)).toHaveLength(0);
    const reopened = await openStore(dir);
    expect(reopened.initial).toEqual(liveState(OPS));
  });
});

describe('durable store: group commit', () => {
  it('shares one datasync among ops appended together, and acknowledges every op', async () => {
    const dir = await tempDir();
    const store = await openStore(dir);
    const ops: JournalOp[] = [];
    for (let i = 0; i < 2000; i++) ops.push({ ns: 'g', kind: 'set', path: `/n/${i}`, data: { i } });
    await Promise.all(ops.map((op) => store.append(op)));
    const { flushes, appends } = store.stats();
    expect(appends).toBe(2000);
    expect(flushes).toBeLessThanOrEqual(3);

    const reopened = await openStore(await crashImage(dir));
    expect(Object.keys((reopened.initial.get('g') as any).n)).toHaveLength(2000);
  });

  it('acknowledges ops that arrive while a flush is in flight, sharing at most one flush per burst', async () => {
    const dir = await tempDir();
    const store = await openStore(dir);
    const acks: Promise<void>[] = [];
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 50; i++) acks.push(store.append({ ns: 'g', kind: 'set', path: `/r${round}/${i}`, data: i }));
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(acks);
    // How bursts pair up with flushes depends on the disk's speed; that no burst needs more than one does not.
    expect(store.stats().flushes).toBeLessThanOrEqual(20);
    const reopened = await openStore(await crashImage(dir));
    const g = reopened.initial.get('g') as Record<string, Record<string, number>>;
    expect(Object.keys(g)).toHaveLength(20);
    expect(Object.values(g).every((r) => Object.keys(r).length === 50)).toBe(true);
  });
});

describe('durable store: compaction', () => {
  it('compacts into a snapshot when the journal grows, keeping every op', async () => {
    const dir = await tempDir();
    const store = await openStore(dir, { compactAfterBytes: 8 * 1024 });
    const roots = new Map<string, DataNode>();
    store.setSnapshotSource(() => new Map([...roots].map(([ns, r]) => [ns, r.val(true)])));
    const all: JournalOp[] = [];
    for (let i = 0; i < 400; i++) {
      const op: JournalOp = { ns: 'k', kind: 'set', path: `/items/${i % 50}`, data: { i, text: 'y'.repeat(100) } };
      applyLive(roots, op);
      all.push(op);
      await store.append(op);
    }
    expect(store.stats().compactions).toBeGreaterThan(0);
    const files = await fsp.readdir(dir);
    expect(files).toContain('snapshot.json');
    expect((await journalFiles(dir)).length).toBeLessThanOrEqual(2);
    const image = await openStore(await crashImage(dir));
    expect(image.initial).toEqual(liveState(all));
    await store.close();
    expect(await journalFiles(dir)).toHaveLength(0);
    const reopened = await openStore(dir);
    expect(reopened.initial).toEqual(liveState(all));
  });

  it('recovers from a crash at every step of a compaction', async () => {
    const dir = await tempDir();
    const store = await openStore(dir);
    const first: JournalOp[] = OPS;
    for (const op of first) await store.append(op);
    await store.compact(); // snapshot 1, journal 0 deleted
    const second: JournalOp[] = [
      { ns: 'a', kind: 'set', path: '/after/one', data: 1 },
      { ns: 'a', kind: 'merge', path: '/users', data: { u1: null } },
    ];
    for (const op of second) await store.append(op);
    const beforeCompaction = await crashImage(dir); // snapshot 1 + journal 1
    const compacting = store.compact();
    const third: JournalOp[] = [{ ns: 'b', kind: 'set', path: '/third', data: true }];
    for (const op of third) await store.append(op); // lands in journal 2
    await compacting;
    const afterCompaction = await crashImage(dir); // snapshot 2 + journal 2
    const expected = liveState([...first, ...second, ...third]);

    // Crash before the rename: the old snapshot, the old journal and the new journal.
    const beforeRename = await crashImage(beforeCompaction);
    for (const name of await journalFiles(afterCompaction)) {
      await fsp.copyFile(path.join(afterCompaction, name), path.join(beforeRename, name));
    }
    await fsp.writeFile(path.join(beforeRename, '.snapshot.json.123.456.tmp'), '{"half a snap');
    expect(await journalFiles(beforeRename)).toHaveLength(2);
    const s1 = await openStore(beforeRename);
    expect(s1.initial).toEqual(expected);
    expect((await fsp.readdir(beforeRename)).some((n) => n.endsWith('.tmp'))).toBe(false);

    // Crash after the rename, before the old journal was deleted: it must be ignored, not replayed.
    const afterRename = await crashImage(afterCompaction);
    for (const name of await journalFiles(beforeCompaction)) {
      await fsp.copyFile(path.join(beforeCompaction, name), path.join(afterRename, name));
    }
    expect(await journalFiles(afterRename)).toHaveLength(2);
    const s2 = await openStore(afterRename);
    expect(s2.initial).toEqual(expected);
    expect(await journalFiles(afterRename)).toHaveLength(1);

    const s3 = await openStore(afterCompaction);
    expect(s3.initial).toEqual(expected);
  });
});

describe('durable store: damaged files', () => {
  async function journalImage(ops: JournalOp[]): Promise<{ dir: string; journal: string }> {
    const dir = await tempDir();
    const store = await openStore(dir);
    for (const op of ops) await store.append(op);
    const image = await crashImage(dir);
    const [name] = await journalFiles(image);
    return { dir: image, journal: path.join(image, name) };
  }

  it('drops a torn final record and keeps appending after it', async () => {
    const { dir, journal } = await journalImage(OPS);
    const intact = await fsp.readFile(journal);
    const lines = intact.toString('utf8').split('\n');
    const extra = Buffer.from(`${lines[0].slice(0, 25)}`); // the first bytes of a record that never finished
    await fsp.appendFile(journal, extra);

    const store = await openStore(dir);
    expect(store.initial).toEqual(liveState(OPS));
    expect((await fsp.readFile(journal)).length).toBe(intact.length); // cut back to the last whole record
    await store.append({ ns: 'c', kind: 'set', path: '/new', data: 'after the tear' });
    const again = await openStore(await crashImage(dir));
    expect((again.initial.get('c') as any).new).toBe('after the tear');
  });

  it('drops a zero-filled tail (file extended, data never written)', async () => {
    const { dir, journal } = await journalImage(OPS);
    await fsp.appendFile(journal, Buffer.alloc(4096));
    const store = await openStore(dir);
    expect(store.initial).toEqual(liveState(OPS));
  });

  it('refuses a bad checksum in the middle of the journal, naming the file, and leaves it untouched', async () => {
    const { dir, journal } = await journalImage(OPS);
    const buf = await fsp.readFile(journal);
    const secondLine = buf.indexOf(0x0a) + 1;
    const target = buf.indexOf(Buffer.from('"zero"'), secondLine);
    buf[target + 1] = 'Z'.charCodeAt(0);
    await fsp.writeFile(journal, buf);
    const before = await fsp.readdir(dir);

    const attempt = openDurableStore(dir);
    await expect(attempt).rejects.toBeInstanceOf(CorruptDataError);
    await expect(attempt).rejects.toThrow(journal);
    await expect(attempt).rejects.toThrow(/checksum/);
    expect(await fsp.readdir(dir)).toEqual(before); // no snapshot, no lock left behind
    expect(await fsp.readFile(journal)).toEqual(buf);
  });

  it('refuses a journal with a record missing from the middle', async () => {
    const { dir, journal } = await journalImage(OPS);
    const lines = (await fsp.readFile(journal, 'utf8')).split('\n');
    lines.splice(3, 1);
    await fsp.writeFile(journal, lines.join('\n'));
    await expect(openDurableStore(dir)).rejects.toThrow(/sequence/);
  });

  it('refuses a torn record in an older journal when a newer one exists', async () => {
    const dir = await tempDir();
    const store = await openStore(dir);
    await store.append(OPS[0]);
    const older = await crashImage(dir); // journal 0
    await store.append(OPS[1]);
    const [j0] = await journalFiles(older);
    await fsp.appendFile(path.join(older, j0), '0123abcd {"s":');
    await fsp.writeFile(path.join(older, 'journal-0000000001.log'), '');
    await expect(openDurableStore(older)).rejects.toBeInstanceOf(CorruptDataError);
  });

  it('refuses an unparsable or damaged snapshot instead of starting empty', async () => {
    const dir = await tempDir();
    const store = await openStore(dir);
    for (const op of OPS) await store.append(op);
    await store.close();
    const snapshot = path.join(dir, 'snapshot.json');
    const good = await fsp.readFile(snapshot);

    const damaged = Buffer.from(good);
    damaged[damaged.length - 5] ^= 0x01;
    await fsp.writeFile(snapshot, damaged);
    await expect(openDurableStore(dir)).rejects.toThrow(/snapshot\.json.*checksum/);

    await fsp.writeFile(snapshot, 'this is not a snapshot');
    const attempt = openDurableStore(dir);
    await expect(attempt).rejects.toBeInstanceOf(CorruptDataError);
    await expect(attempt).rejects.toThrow(snapshot);

    await fsp.writeFile(snapshot, good);
    expect((await openStore(dir)).initial).toEqual(liveState(OPS));
  });
});

describe('durable store: repair', () => {
  async function journalImage(ops: JournalOp[]): Promise<{ dir: string; journal: string }> {
    const dir = await tempDir();
    const store = await openStore(dir);
    for (const op of ops) await store.append(op);
    const image = await crashImage(dir);
    const [name] = await journalFiles(image);
    return { dir: image, journal: path.join(image, name) };
  }

  /** Flips one byte inside the JSON of record `index` (0-based), so that its checksum fails. */
  async function damageRecord(journal: string, index: number): Promise<{ original: Buffer; offset: number }> {
    const original = await fsp.readFile(journal);
    let offset = 0;
    for (let i = 0; i < index; i++) offset = original.indexOf(0x0a, offset) + 1;
    const damaged = Buffer.from(original);
    damaged[offset + 20] ^= 0x01;
    await fsp.writeFile(journal, damaged);
    return { original: damaged, offset };
  }

  it('refuses a journal whose last complete record fails its checksum, and says that a repair can keep the rest', async () => {
    const { dir, journal } = await journalImage(OPS);
    await damageRecord(journal, OPS.length - 1);
    const attempt = openDurableStore(dir);
    await expect(attempt).rejects.toBeInstanceOf(CorruptDataError);
    await expect(attempt).rejects.toThrow(/checksum/);
    await expect(attempt).rejects.toMatchObject({ repairable: true });
  });

  it('repairs it: keeps every record before the damaged one, backs up the original and reports what it dropped', async () => {
    const { dir, journal } = await journalImage(OPS);
    const { original, offset } = await damageRecord(journal, OPS.length - 1);
    const store = await openStore(dir, { repair: true });
    expect(store.initial).toEqual(liveState(OPS.slice(0, -1)));
    expect(store.repaired).toMatchObject({
      file: journal,
      offset,
      problem: 'checksum mismatch',
      droppedRecords: 1,
      droppedBytes: original.length - offset,
      droppedFiles: [],
    });
    // The original, byte for byte, in the backup folder; the journal cut back to the good records.
    const backup = store.repaired!.backupDir;
    expect(path.dirname(backup)).toBe(dir);
    expect(await fsp.readFile(path.join(backup, path.basename(journal)))).toEqual(original);
    expect(await fsp.readFile(journal)).toEqual(original.subarray(0, offset));
    // Appends continue after the kept records, and a later start needs no repair.
    await store.append({ ns: 'c', kind: 'set', path: '/after', data: 'repair' });
    const again = await openStore(await crashImage(dir));
    expect(again.repaired).toBeNull();
    expect(again.initial).toEqual(
      liveState([...OPS.slice(0, -1), { ns: 'c', kind: 'set', path: '/after', data: 'repair' }]),
    );
  });

  it('repairs damage in the middle: drops the damaged record and everything after it, newer journals included', async () => {
    const dir = await tempDir();
    const store = await openStore(dir);
    for (const op of OPS.slice(0, 6)) await store.append(op);
    await store.compact(); // snapshot 1; ops 6.. go to journal 1
    for (const op of OPS.slice(6)) await store.append(op);
    const image = await crashImage(dir);
    await store.close();
    const journals = await journalFiles(image);
    expect(journals).toEqual(['journal-0000000001.log']);
    // A second, newer journal after the damaged one (as a crash during a compaction leaves).
    const newer = path.join(image, 'journal-0000000002.log');
    await fsp.writeFile(newer, '');
    const journal = path.join(image, journals[0]);
    const { original, offset } = await damageRecord(journal, 2);
    const repaired = await openStore(image, { repair: true });
    expect(repaired.initial).toEqual(liveState(OPS.slice(0, 8)));
    expect(repaired.repaired).toMatchObject({
      droppedRecords: OPS.length - 8,
      droppedBytes: original.length - offset,
      droppedFiles: [newer],
    });
    expect(await fsp.readdir(repaired.repaired!.backupDir)).toEqual([
      'journal-0000000001.log',
      'journal-0000000002.log',
    ]);
    await expect(fsp.access(newer)).rejects.toThrow();
  });

  it('repairs a record missing from the middle by keeping the records before the gap', async () => {
    const { dir, journal } = await journalImage(OPS);
    const lines = (await fsp.readFile(journal, 'utf8')).split('\n');
    lines.splice(3, 1);
    await fsp.writeFile(journal, lines.join('\n'));
    await expect(openDurableStore(dir)).rejects.toMatchObject({ repairable: true });
    const store = await openStore(dir, { repair: true });
    expect(store.initial).toEqual(liveState(OPS.slice(0, 3)));
    expect(store.repaired).toMatchObject({ droppedRecords: OPS.length - 4 });
    expect(store.repaired!.problem).toMatch(/sequence/);
  });

  it('does not offer a repair for a damaged snapshot (there is nothing older to keep)', async () => {
    const dir = await tempDir();
    const store = await openStore(dir);
    for (const op of OPS) await store.append(op);
    await store.close();
    const snapshot = path.join(dir, 'snapshot.json');
    const damaged = await fsp.readFile(snapshot);
    damaged[damaged.length - 5] ^= 0x01;
    await fsp.writeFile(snapshot, damaged);
    await expect(openDurableStore(dir)).rejects.toMatchObject({ repairable: false });
    await expect(openDurableStore(dir, { repair: true })).rejects.toThrow(/snapshot\.json.*checksum/);
  });
});

describe('durable store: lock', () => {
  it('refuses a second open of the same directory while the first is open', async () => {
    const dir = await tempDir();
    const first = await openStore(dir);
    await expect(openDurableStore(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openDurableStore(dir)).rejects.toThrow(String(process.pid));
    await first.close();
    const second = await openStore(dir);
    expect(second.initial.size).toBe(0);
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    const dir = await tempDir();
    const { spawnSync } = await import('node:child_process');
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(child.stdout.toString());
    expect(deadPid).toBeGreaterThan(0);
    await fsp.writeFile(path.join(dir, 'LOCK'), `${deadPid}\n`);
    const store = await openStore(dir);
    expect(await fsp.readFile(path.join(dir, 'LOCK'), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    await store.close();
    await expect(fsp.access(path.join(dir, 'LOCK'))).rejects.toThrow();
  });

  it('takes over a lock whose pid now belongs to a live process that is not the emulator that wrote it', async () => {
    const dir = await tempDir();
    const { spawn } = await import('node:child_process');
    // A live process that is not an emulator, as after a crash and a reboot or pid reuse.
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => other.once('spawn', resolve));
      const otherStart = processStartTime(other.pid!);
      // What an emulator that had this pid before would have written: its own start time and token.
      await fsp.writeFile(
        path.join(dir, 'LOCK'),
        `${other.pid} start=${otherStart - 1} boot=${bootId()} token=0123456789abcdef\n`,
      );
      const store = await openStore(dir);
      expect(await fsp.readFile(path.join(dir, 'LOCK'), 'utf8')).toMatch(
        new RegExp(`^${process.pid} start=${processStartTime(process.pid)} boot=${bootId()} token=[0-9a-f]{32}\\n$`),
      );
      await store.close();
      // The same after a reboot: a lock from another boot is stale whatever its pid is now.
      await fsp.writeFile(
        path.join(dir, 'LOCK'),
        `${other.pid} start=${otherStart} boot=00000000-0000-0000-0000-000000000000 token=0123456789abcdef\n`,
      );
      await (await openStore(dir)).close();
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('refuses a directory held by a live emulator in another process, and takes it over once that one is killed', async () => {
    const dir = await tempDir();
    const { spawn } = await import('node:child_process');
    const { build } = await import('esbuild');
    const script = path.join(await tempDir('rtdb-lock-holder-'), 'lock-holder.mjs');
    await build({
      entryPoints: [path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'lock-holder.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: script,
      logLevel: 'silent',
    });
    const holder = spawn(process.execPath, [script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    try {
      await new Promise<void>((resolve) =>
        holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve()),
      );
      const attempt = openDurableStore(dir);
      await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(attempt).rejects.toThrow(`pid ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
    }
    await exited;
    await (await openStore(dir)).close();
  });

  it('refuses a lock without identity (pid only) naming a live process, and says how to go on if it is not an emulator', async () => {
    const dir = await tempDir();
    await fsp.writeFile(path.join(dir, 'LOCK'), `${process.ppid}\n`);
    const attempt = openDurableStore(dir);
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(
      `if pid ${process.ppid} is not an emulator, delete ${path.join(dir, 'LOCK')}`,
    );
  });

  it.each([
    ['empty', ''],
    ['blank', ' \n'],
    ['garbage', 'not a lock\n'],
    ['pid 0', '0 start=1 boot=x token=00\n'],
  ])('takes over a fresh %s lock, which no live emulator leaves behind', async (_name, text) => {
    const dir = await tempDir();
    await fsp.writeFile(path.join(dir, 'LOCK'), text); // just now: its age does not make it stale
    const store = await openStore(dir);
    expect(await fsp.readFile(path.join(dir, 'LOCK'), 'utf8')).toMatch(new RegExp(`^${process.pid} start=`));
    await store.close();
  });

  it('waits for a lock that is being filled in and refuses it once it names a live emulator', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'LOCK');
    // Another emulator between creating its lock and writing its identity into it: the identity
    // lands only after the second emulator has read the lock empty (observed, not replaced).
    await fsp.writeFile(file, '');
    const readFile = fsp.readFile.bind(fsp);
    let sawEmpty!: () => void;
    const emptySeen = new Promise<void>((resolve) => (sawEmpty = resolve));
    const spy = vi.spyOn(fsp, 'readFile').mockImplementation(async (...args: Parameters<typeof fsp.readFile>) => {
      const content = await readFile(...args);
      if (args[0] === file && content === '') sawEmpty();
      return content;
    });
    try {
      const attempt = openDurableStore(dir);
      const outcome = attempt.then(
        () => 'opened',
        (error: Error) => error.message,
      );
      await emptySeen;
      await fsp.writeFile(
        file,
        `${process.pid} start=${processStartTime(process.pid)} boot=${bootId()} token=${'e'.repeat(32)}\n`,
      );
      expect(await outcome).toContain(`in use by another emulator (pid ${process.pid})`);
    } finally {
      spy.mockRestore();
    }
    expect(await fsp.readFile(file, 'utf8')).toMatch(/token=e{32}\n$/);
  });

  it('leaves a lock it no longer owns in place when it closes', async () => {
    const dir = await tempDir();
    const store = await openStore(dir);
    // Another emulator took the directory over (it judged this lock stale): its lock stays.
    const theirs = `${process.pid} start=1 boot=${bootId()} token=ffffffffffffffffffffffffffffffff\n`;
    await fsp.writeFile(path.join(dir, 'LOCK'), theirs);
    await store.close();
    expect(await fsp.readFile(path.join(dir, 'LOCK'), 'utf8')).toBe(theirs);
  });

  it('rejects appends after close', async () => {
    const dir = await tempDir();
    const store = await openStore(dir);
    await store.close();
    await expect(store.append(OPS[0])).rejects.toThrow(/closed/);
  });
});
