import { ServerValue } from 'firebase-admin/database';

/**
 * Counter changes for one multi-path update. Several lines can move one counter (two tickets of one
 * type for two people): the changes are summed per path, as two increments of one path in one update
 * would keep only the last.
 */
export class Increments {
  private readonly sums = new Map<string, number>();

  add(path: string, n: number): void {
    this.sums.set(path, (this.sums.get(path) ?? 0) + n);
  }

  /** Writes the summed changes into `updates` as server-side increments. */
  into(updates: Record<string, unknown>): void {
    for (const [path, n] of this.sums) updates[path] = ServerValue.increment(n);
  }
}
