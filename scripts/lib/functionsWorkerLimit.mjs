// Bounds the worker processes of firebase-tools' Functions emulator. Loaded with `node --import` into
// the firebase-tools process only (scripts/lib/stack.mjs); the workers it starts do not load it. It
// changes the very module instance firebase-tools then requires (Node shares CommonJS modules between
// import and require).
//
// firebase-tools keeps one Node process per function, started on the function's first request, plus
// one more each time a request arrives while all of that function's workers are busy (up to
// FUNCTIONS_EMULATOR_PARALLEL per function), and never stops an idle one. Each holds the whole
// functions code (~125 MB), so a stack used all day grows with every function used and every burst:
// 62 workers and 7.9 GB after 45 minutes. Here the pool
//   - keeps at most FUNCTIONS_WORKER_LIMIT live workers: starting one more first stops the idle worker
//     that has waited longest (a busy worker is never stopped, so a burst may pass the limit until its
//     requests finish; the work queue runs at most FUNCTIONS_EMULATOR_PARALLEL requests at once);
//   - stops a function's extra workers (beyond the one used last) once they have been idle for
//     FUNCTIONS_EXTRA_WORKER_IDLE_S seconds, so a burst's workers do not stay.
// A stopped function's next request starts a worker again (a cold start, about 1–3 s here).
import workerModule from 'firebase-tools/lib/emulator/functionsRuntimeWorker.js';

const { RuntimeWorker, RuntimeWorkerPool, RuntimeWorkerState } = workerModule;

const limit = Number(process.env.FUNCTIONS_WORKER_LIMIT);
const extraIdleMs = 1000 * (Number(process.env.FUNCTIONS_EXTRA_WORKER_IDLE_S) || 60);
if (!Number.isInteger(limit) || limit < 1)
  throw new Error(
    `FUNCTIONS_WORKER_LIMIT must be a whole number ≥ 1 (got "${process.env.FUNCTIONS_WORKER_LIMIT ?? ''}")`,
  );

/** Pools seen so far (one per functions codebase). */
const pools = new Set();

// Remember when each worker last became idle.
const stateProperty = Object.getOwnPropertyDescriptor(RuntimeWorker.prototype, 'state');
if (!stateProperty?.set || !stateProperty.get)
  throw new Error('firebase-tools changed: RuntimeWorker has no state property to watch');
Object.defineProperty(RuntimeWorker.prototype, 'state', {
  ...stateProperty,
  set(state) {
    if (state === RuntimeWorkerState.IDLE) this.idleSince = Date.now();
    stateProperty.set.call(this, state);
  },
});

const live = (worker) => worker.state !== RuntimeWorkerState.FINISHING && worker.state !== RuntimeWorkerState.FINISHED;

/** Stops an idle worker the way firebase-tools' own refresh does; the pool drops it once it has exited. */
function stop(pool, worker, why) {
  pool.log(`Stopping IDLE worker (${worker.triggerKey}): ${why}`);
  worker.state = RuntimeWorkerState.FINISHING;
  worker.runtime.process.kill();
}

function allWorkers(pool) {
  return [...pool.workers.values()].flat();
}

const addWorker = RuntimeWorkerPool.prototype.addWorker;
if (typeof addWorker !== 'function' || typeof RuntimeWorkerPool.prototype.log !== 'function')
  throw new Error('firebase-tools changed: RuntimeWorkerPool has no addWorker to bound');
RuntimeWorkerPool.prototype.addWorker = function addBoundedWorker(...args) {
  pools.add(this);
  // Room for the new worker: the longest-idle workers go first.
  const idle = allWorkers(this)
    .filter((worker) => worker.state === RuntimeWorkerState.IDLE)
    .sort((a, b) => (a.idleSince ?? 0) - (b.idleSince ?? 0));
  let count = allWorkers(this).filter(live).length;
  for (const worker of idle) {
    if (count < limit) break;
    stop(this, worker, `at most ${limit} workers`);
    count--;
  }
  return addWorker.apply(this, args);
};

setInterval(
  () => {
    const now = Date.now();
    for (const pool of pools) {
      for (const workers of pool.workers.values()) {
        const kept = workers.filter(live);
        if (kept.length < 2) continue;
        // The most recently used idle worker stays (or none, while one is busy or starting).
        const idle = kept
          .filter((worker) => worker.state === RuntimeWorkerState.IDLE)
          .sort((a, b) => (b.idleSince ?? 0) - (a.idleSince ?? 0));
        const spare = idle.length === kept.length ? idle.slice(1) : idle;
        for (const worker of spare)
          if (now - (worker.idleSince ?? now) >= extraIdleMs)
            stop(pool, worker, `extra worker idle for ${Math.round(extraIdleMs / 1000)} s`);
      }
    }
  },
  Math.min(10_000, extraIdleMs / 2),
).unref();
