import { crc32 } from 'node:zlib';
import { promises as fsp } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { setJsonProperty } from '../core/index.js';
import { CorruptDataError } from './errors.js';
import { fsyncDir, isErrno, writeFileAtomic } from './fsutil.js';
import { acquireLock } from './lock.js';
import { countLines, decodeJournal, encodeRecord } from './records.js';
import { Replayer } from './replay.js';
import type { DurableStore, DurableStoreOptions, DurableStoreStats, JournalOp, RepairReport } from './types.js';

// Directory layout:
//   LOCK                      the process that has the directory open: pid, start time, boot id, token (lock.ts)
//   snapshot.json             header line + JSON body {ns: export-format JSON}; generation S
//   journal-<gen>.log         ops appended after the cut that produced snapshot <gen>
//   repair-<time>/            the original journals a repair (options.repair) cut or dropped; never read
//
// State = snapshot S, then every journal with gen >= S in order (journals < S are already in it).
// Compaction (gen G -> G+1):
//   1. synchronously: take the in-memory state from the server and switch appends to journal G+1.
//      The server applies an op in memory and calls append() in the same synchronous step, so
//      this cut splits the op sequence exactly: everything in the state is in journal <= G.
//   2. write snapshot G+1 to a temp file, fsync, rename over snapshot.json, fsync the directory.
//   3. once journal G has no write in flight, delete journals <= G.
// A crash before the rename in 2 leaves snapshot S + journals G, G+1 (all replayed); after it,
// snapshot G+1 + journal G+1 (journal G is ignored and deleted at the next open). Journal G+1 is
// only written after journal G's last group commit is durable, so the durable op sequence is always
// a prefix of the acknowledged one, and only the newest journal can have a torn tail.

const SNAPSHOT_FILE = 'snapshot.json';
const SNAPSHOT_FORMAT = 'panel-rtdb-snapshot';
const JOURNAL_RE = /^journal-(\d{10})\.log$/;
const DEFAULT_COMPACT_AFTER = 32 * 1024 * 1024;

function journalName(gen: number): string {
  return `journal-${String(gen).padStart(10, '0')}.log`;
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

interface Batch {
  gen: number;
  buffers: Buffer[];
  bytes: number;
  waiters: Waiter[];
}

interface SnapshotHeader {
  format: string;
  version: number;
  generation: number;
  nextSeq: number;
  bytes: number;
  crc32: number;
}

interface LoadedSnapshot {
  generation: number;
  nextSeq: number;
  data: Map<string, unknown>;
}

async function readSnapshot(file: string): Promise<LoadedSnapshot | null> {
  let buf: Buffer;
  try {
    buf = await fsp.readFile(file);
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return null;
    throw error;
  }
  const nl = buf.indexOf(0x0a);
  if (nl === -1) throw new CorruptDataError(file, 'missing snapshot header');
  let header: SnapshotHeader;
  try {
    header = JSON.parse(buf.toString('utf8', 0, nl)) as SnapshotHeader;
  } catch {
    throw new CorruptDataError(file, 'unparsable snapshot header');
  }
  if (header?.format !== SNAPSHOT_FORMAT || header.version !== 1) {
    throw new CorruptDataError(file, 'not a snapshot of this emulator (unknown format or version)');
  }
  const body = buf.subarray(nl + 1);
  if (body.length !== header.bytes) {
    throw new CorruptDataError(file, `snapshot body is ${body.length} bytes, header says ${header.bytes}`);
  }
  if (crc32(body) !== header.crc32) throw new CorruptDataError(file, 'snapshot checksum mismatch');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new CorruptDataError(file, 'unparsable snapshot body');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new CorruptDataError(file, 'snapshot body is not an object of namespaces');
  }
  return { generation: header.generation, nextSeq: header.nextSeq, data: new Map(Object.entries(parsed)) };
}

function encodeSnapshot(generation: number, nextSeq: number, data: Map<string, unknown>): Buffer {
  const obj: Record<string, unknown> = {};
  for (const [ns, json] of data) if (json !== null && json !== undefined) setJsonProperty(obj, ns, json);
  const body = Buffer.from(JSON.stringify(obj), 'utf8');
  const header: SnapshotHeader = {
    format: SNAPSHOT_FORMAT,
    version: 1,
    generation,
    nextSeq,
    bytes: body.length,
    crc32: crc32(body),
  };
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`, 'utf8'), body]);
}

interface JournalFile {
  gen: number;
  file: string;
}

async function listJournals(dir: string): Promise<JournalFile[]> {
  const out: JournalFile[] = [];
  for (const name of await fsp.readdir(dir)) {
    const m = JOURNAL_RE.exec(name);
    if (m) out.push({ gen: Number(m[1]), file: path.join(dir, name) });
  }
  return out.sort((a, b) => a.gen - b.gen);
}

interface Recovered {
  data: Map<string, unknown>;
  snapshotGen: number;
  activeGen: number;
  nextSeq: number;
  activeJournalBytes: number;
  repaired: RepairReport | null;
}

/** Where a journal stops being trustworthy. */
interface Damage {
  offset: number;
  problem: string;
}

/**
 * Snapshot + journals, as of now. With `repairTail`, a torn tail of the newest journal is cut off.
 * Damage in a journal (a record that fails its checksum, does not parse, breaks the sequence or
 * cannot be applied, or a torn record followed by a newer journal) refuses to open, unless `repair`
 * is set: then that journal is cut back to its last good record, newer journals are dropped, and
 * the originals are kept in a backup folder.
 */
async function recover(dir: string, repairTail: boolean, maxGen = Infinity, repair = false): Promise<Recovered> {
  const snapshotFile = path.join(dir, SNAPSHOT_FILE);
  const snapshot = await readSnapshot(snapshotFile);
  const snapshotGen = snapshot?.generation ?? 0;
  let nextSeq = snapshot?.nextSeq ?? 0;
  const replayer = new Replayer(snapshot?.data ?? new Map());
  const journals = (await listJournals(dir)).filter((j) => j.gen >= snapshotGen && j.gen <= maxGen);
  let activeGen = snapshotGen;
  let activeJournalBytes = 0;
  let repaired: RepairReport | null = null;
  for (let i = 0; i < journals.length; i++) {
    const { gen, file } = journals[i];
    const buf = await fsp.readFile(file);
    const decoded = decodeJournal(buf);
    let damage: Damage | null = decoded.damage;
    const isLast = i === journals.length - 1;
    if (damage === null && decoded.tornBytes > 0 && !isLast) {
      damage = { offset: decoded.validLength, problem: 'incomplete record followed by a newer journal' };
    }
    for (const { seq, op, offset } of decoded.records) {
      if (seq !== nextSeq) {
        damage = { offset, problem: `record sequence jumps from ${nextSeq} to ${seq} (a record is missing)` };
        break;
      }
      try {
        replayer.apply(op);
      } catch (error) {
        damage = { offset, problem: `record ${seq} cannot be applied: ${(error as Error).message}` };
        break;
      }
      nextSeq++;
    }
    if (damage !== null) {
      if (!repair) throw new CorruptDataError(file, `${damage.problem} at byte ${damage.offset}`, true);
      repaired = await cutJournal(
        dir,
        file,
        buf,
        damage,
        journals.slice(i + 1).map((j) => j.file),
      );
      activeGen = gen;
      activeJournalBytes = damage.offset;
      break;
    }
    if (decoded.tornBytes > 0 && repairTail) {
      // New records must not follow the garbage, or the next open would see it mid-file.
      await truncateFile(file, decoded.validLength);
    }
    activeGen = gen;
    activeJournalBytes = decoded.validLength;
  }
  return { data: replayer.result(), snapshotGen, activeGen, nextSeq, activeJournalBytes, repaired };
}

async function truncateFile(file: string, length: number): Promise<void> {
  const handle = await fsp.open(file, 'r+');
  try {
    await handle.truncate(length);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The repair: copies the damaged journal and moves every newer one into `repair-<time>/` of the
 * data directory, then cuts the damaged journal at the start of its first bad record. A crash in
 * between leaves either the original files or the backup plus a journal cut at a record boundary.
 */
async function cutJournal(
  dir: string,
  file: string,
  buf: Buffer,
  damage: Damage,
  newer: string[],
): Promise<RepairReport> {
  const backupDir = path.join(dir, `repair-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  await fsp.mkdir(backupDir);
  await fsp.copyFile(file, path.join(backupDir, path.basename(file)));
  let droppedRecords = countLines(buf, damage.offset);
  let droppedBytes = buf.length - damage.offset;
  const newerContents: Buffer[] = [];
  for (const later of newer) newerContents.push(await fsp.readFile(later));
  for (let i = 0; i < newer.length; i++) {
    droppedRecords += countLines(newerContents[i], 0);
    droppedBytes += newerContents[i].length;
  }
  await fsyncDir(backupDir);
  for (const later of newer) await fsp.rename(later, path.join(backupDir, path.basename(later)));
  await fsyncDir(backupDir);
  await fsyncDir(dir);
  await truncateFile(file, damage.offset);
  return {
    file,
    offset: damage.offset,
    problem: damage.problem,
    droppedRecords,
    droppedBytes,
    droppedFiles: newer,
    backupDir,
  };
}

class JournalStore implements DurableStore {
  private readonly queue: Batch[] = [];
  private flushScheduled = false;
  private flushing: Promise<void> | null = null;
  private handle: FileHandle | null = null;
  private handleGen = -1;
  private failed: Error | null = null;
  private closing = false;
  private compacting: Promise<void> | null = null;
  private source: (() => Map<string, unknown>) | null = null;
  private readonly counters = { appends: 0, flushes: 0, compactions: 0 };
  /** Ops exist that no snapshot contains yet. */
  private dirty: boolean;

  constructor(
    private readonly dir: string,
    readonly initial: Map<string, unknown>,
    private generation: number,
    private nextSeq: number,
    private journalBytes: number,
    private readonly compactAfterBytes: number,
    private readonly releaseLock: () => Promise<void>,
    dirty: boolean,
    readonly repaired: RepairReport | null,
  ) {
    this.dirty = dirty;
  }

  append(op: JournalOp): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (this.closing) return Promise.reject(new Error('The durable store is closed'));
    let line: Buffer;
    try {
      line = encodeRecord(this.nextSeq, op);
    } catch (error) {
      return Promise.reject(error);
    }
    this.nextSeq++;
    this.counters.appends++;
    this.dirty = true;
    let batch = this.queue[this.queue.length - 1];
    if (!batch || batch.gen !== this.generation) {
      batch = { gen: this.generation, buffers: [], bytes: 0, waiters: [] };
      this.queue.push(batch);
    }
    batch.buffers.push(line);
    batch.bytes += line.length;
    const promise = new Promise<void>((resolve, reject) => batch.waiters.push({ resolve, reject }));
    this.scheduleFlush();
    return promise;
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.flushing) return;
    this.flushScheduled = true;
    // setImmediate, not a microtask: every append made while handling one batch of socket
    // messages lands in the same group commit.
    setImmediate(() => {
      this.flushScheduled = false;
      this.flushing = this.flushLoop().finally(() => {
        this.flushing = null;
        if (this.queue.length > 0 && !this.failed) this.scheduleFlush();
      });
    });
  }

  private async flushLoop(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.shift()!;
      try {
        if (this.failed) throw this.failed;
        const handle = await this.handleFor(batch.gen);
        const data = batch.buffers.length === 1 ? batch.buffers[0] : Buffer.concat(batch.buffers, batch.bytes);
        let written = 0;
        while (written < data.length) {
          const { bytesWritten } = await handle.write(data, written, data.length - written);
          written += bytesWritten;
        }
        await handle.datasync();
        this.counters.flushes++;
        if (batch.gen === this.generation) this.journalBytes += batch.bytes;
        for (const w of batch.waiters) w.resolve();
      } catch (error) {
        // After a failed write or fsync the file's durable content is unknown (the kernel may
        // have dropped the dirty pages), so no later write may be acknowledged either.
        const err = error instanceof Error ? error : new Error(String(error));
        this.failed ??= new Error(`Journal write failed, durable store stopped: ${err.message}`);
        for (const w of batch.waiters) w.reject(this.failed);
        for (const b of this.queue.splice(0)) for (const w of b.waiters) w.reject(this.failed);
        return;
      }
      if (this.journalBytes >= this.compactAfterBytes && !this.compacting && !this.closing) {
        this.compact().catch(() => undefined); // failure is recorded in this.failed
      }
    }
  }

  private async handleFor(gen: number): Promise<FileHandle> {
    if (this.handle && this.handleGen === gen) return this.handle;
    if (this.handle) {
      await this.handle.close();
      this.handle = null;
    }
    const file = path.join(this.dir, journalName(gen));
    let created = false;
    try {
      await fsp.access(file);
    } catch {
      created = true;
    }
    this.handle = await fsp.open(file, 'a');
    this.handleGen = gen;
    if (created) await fsyncDir(this.dir); // the new name must survive a crash with its data
    return this.handle;
  }

  /** Resolves when every op appended so far has been written (or has failed). */
  private drain(): Promise<void> {
    const last = this.queue[this.queue.length - 1];
    if (last) {
      return new Promise((resolve) => last.waiters.push({ resolve, reject: () => resolve() }));
    }
    return this.flushing ? this.flushing.then(() => undefined) : Promise.resolve();
  }

  setSnapshotSource(source: () => Map<string, unknown>): void {
    this.source = source;
  }

  compact(): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (!this.compacting) {
      this.compacting = this.runCompaction().finally(() => {
        this.compacting = null;
      });
    }
    return this.compacting;
  }

  private async runCompaction(): Promise<void> {
    // The cut: synchronous with respect to append().
    const oldGen = this.generation;
    const newGen = oldGen + 1;
    const state = this.source ? this.source() : null;
    const nextSeq = this.nextSeq;
    this.generation = newGen;
    this.journalBytes = 0;
    const wasDirty = this.dirty;
    this.dirty = false;
    const drained = this.drain();
    try {
      let data: Map<string, unknown>;
      if (state) {
        data = state;
      } else {
        // No server state to copy: rebuild it from the files, which are complete once drained.
        await drained;
        if (this.failed) throw this.failed;
        const recovered = await recover(this.dir, false, oldGen);
        if (recovered.nextSeq !== nextSeq) throw new Error('journal does not match the appended ops');
        data = recovered.data;
      }
      await writeFileAtomic(path.join(this.dir, SNAPSHOT_FILE), encodeSnapshot(newGen, nextSeq, data));
      await drained;
      for (const j of await listJournals(this.dir)) {
        if (j.gen <= oldGen) await fsp.rm(j.file, { force: true });
      }
      await fsyncDir(this.dir);
      this.counters.compactions++;
    } catch (error) {
      this.dirty = wasDirty || this.dirty;
      const err = error instanceof Error ? error : new Error(String(error));
      this.failed ??= new Error(`Compaction failed, durable store stopped: ${err.message}`);
      throw this.failed;
    }
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    let failure: unknown = null;
    try {
      await this.drain();
      if (this.compacting) await this.compacting.catch(() => undefined);
      if (!this.failed && this.dirty) await this.compact();
      if (this.flushing) await this.flushing;
    } catch (error) {
      failure = error;
    }
    try {
      if (this.handle) await this.handle.close();
      this.handle = null;
    } finally {
      await this.releaseLock();
    }
    if (failure) throw failure;
  }

  stats(): DurableStoreStats {
    return { ...this.counters, generation: this.generation, journalBytes: this.journalBytes };
  }
}

export async function openDurableStore(dir: string, options: DurableStoreOptions = {}): Promise<DurableStore> {
  const absDir = path.resolve(dir);
  const created = await fsp.mkdir(absDir, { recursive: true });
  if (created !== undefined) await fsyncDir(path.dirname(absDir)); // the new directory itself must survive a crash
  const release = await acquireLock(absDir);
  try {
    for (const name of await fsp.readdir(absDir)) {
      if (name.startsWith(`.${SNAPSHOT_FILE}.`) && name.endsWith('.tmp')) {
        await fsp.rm(path.join(absDir, name), { force: true }); // a compaction that never reached its rename
      }
    }
    const recovered = await recover(absDir, true, Infinity, options.repair === true);
    for (const j of await listJournals(absDir)) {
      if (j.gen < recovered.snapshotGen) await fsp.rm(j.file, { force: true });
    }
    return new JournalStore(
      absDir,
      recovered.data,
      recovered.activeGen,
      recovered.nextSeq,
      recovered.activeJournalBytes,
      options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER,
      release,
      recovered.activeJournalBytes > 0 || recovered.activeGen !== recovered.snapshotGen,
      recovered.repaired,
    );
  } catch (error) {
    await release();
    throw error;
  }
}
