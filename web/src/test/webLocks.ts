/**
 * Test-only: the Web Locks API (`navigator.locks`) for the tabs a test runs in one page, as happy-dom
 * has none: exclusive locks by name, granted in the order asked, `ifAvailable`, and `query()`.
 */
type Callback = (lock: Lock | null) => unknown;

class FakeLockManager {
  private readonly held = new Set<string>();
  private readonly waiting: { name: string; grant: () => void }[] = [];

  async request(name: string, optionsOrCallback: LockOptions | Callback, callback?: Callback): Promise<unknown> {
    const [options, work] =
      typeof optionsOrCallback === 'function' ? [{}, optionsOrCallback] : [optionsOrCallback, callback as Callback];
    if (this.held.has(name)) {
      if (options.ifAvailable) return work(null);
      // Granted by the release before it, which hands the lock over without letting it go.
      await new Promise<void>((grant) => this.waiting.push({ name, grant }));
    } else this.held.add(name);
    try {
      return await work({ name, mode: 'exclusive' });
    } finally {
      const next = this.waiting.findIndex((w) => w.name === name);
      if (next === -1) this.held.delete(name);
      else this.waiting.splice(next, 1)[0].grant();
    }
  }

  query(): Promise<LockManagerSnapshot> {
    return Promise.resolve({
      held: [...this.held].map((name) => ({ name, mode: 'exclusive' as const })),
      pending: this.waiting.map(({ name }) => ({ name, mode: 'exclusive' as const })),
    });
  }
}

/** Gives `navigator` a lock manager of its own until `removeLocks()` (happy-dom's is null). */
export function installLocks(): LockManager {
  const locks = new FakeLockManager() as unknown as LockManager;
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return locks;
}

/** Back to happy-dom's navigator without the API (its getter answers null). */
export function removeLocks(): void {
  Reflect.deleteProperty(navigator, 'locks');
}
