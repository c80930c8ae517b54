// Throughput of the core alone (no I/O): `npx tsc -b emulator && node emulator/test/core/bench-core.mjs`.
// Not a test: numbers depend on the machine and its load.
import {
  EMPTY_NODE,
  applyQuery,
  nodeFromJSON,
  parsePath,
  queryParamsFromWire,
  resolveServerValues,
  validateWriteData,
} from '../../dist/core/index.js';

function bench(name, n, fn) {
  for (let i = 0; i < Math.min(n, 20000); i++) fn(i); // warm-up
  const t0 = performance.now();
  for (let i = 0; i < n; i++) fn(i);
  const ms = performance.now() - t0;
  console.log(`${name}: ${Math.round(n / (ms / 1000)).toLocaleString('en')} ops/s`);
}

let root = EMPTY_NODE;
// What the server does for a set: parse, validate, resolve server values, build, apply.
function write(pathString, json) {
  const path = parsePath(pathString);
  validateWriteData(json, path);
  const resolved = resolveServerValues(json, root.getChild(path), Date.now());
  root = root.updateChild(path, nodeFromJSON(resolved));
}

bench('simple set (/bench/counter = i)', 300000, (i) => write('/bench/counter', i));
bench('increment (/counter += 1)', 300000, () => write('/counter', { '.sv': { increment: 1 } }));
bench('set object with timestamp into 10k children', 200000, (i) =>
  write('/items/k' + ((i * 7919) % 10000), { name: 'n' + i, score: i % 100, ts: { '.sv': 'timestamp' } }),
);
bench('push into a growing list (to 220k children)', 200000, (i) =>
  write('/messages/m' + String(i).padStart(8, '0'), { text: 'hello ' + i, uid: 'u' + (i % 50) }),
);

let items = root.getImmediateChild('items');
const byScore = queryParamsFromWire({ i: 'score', l: 20, vf: 'r' });
bench('write + orderByChild limitToLast(20) window over 10k children', 20000, (i) => {
  items = items.updateChild(['k' + ((i * 31) % 10000), 'score'], nodeFromJSON(i % 1000));
  applyQuery(items, byScore);
});
let messages = root.getImmediateChild('messages');
const last50 = queryParamsFromWire({ l: 50, vf: 'r' });
bench('write + limitToLast(50) window over 220k children', 20000, (i) => {
  messages = messages.updateChild(['n' + i], nodeFromJSON({ text: 'x' }));
  applyQuery(messages, last50);
});
bench('hash of a 10k-children node after one child changed', 200, (i) => {
  items = items.updateChild(['k' + i, 'score'], nodeFromJSON(-i));
  items.hash();
});
