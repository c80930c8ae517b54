// Child process: the npm package firebase-server (the only other open-source server for this
// protocol), from its isolated install next to the firebase 7 client it was built for.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripJsonComments } from './jsonc.js';

// Resolve from the isolated install, so that firebase-server's require('firebase') finds firebase 7.
const here = path.dirname(fileURLToPath(import.meta.url));
const requirePeer = createRequire(path.join(here, 'peer', 'package.json'));
const FirebaseServer = requirePeer('firebase-server');
const rulesFile = process.argv[2];
const seed = JSON.parse(process.argv[3] || 'null');

const server = new FirebaseServer({ port: 0, address: '127.0.0.1' }, 'bench', seed);

// firebase-server calls targaryen's write(path, value, now), but targaryen's signature is
// write(path, value, priority, now): `now` in rules would be a later Date.now() and any
// `newData.val() === now` rule (the basket's updatedAt) would refuse every write. Pass it as `now`.
const Database = Object.getPrototypeOf(server.targaryen);
const targaryenWrite = Database.write;
Database.write = function write(path, value, priorityOrOptions, now) {
  if (typeof priorityOrOptions === 'number' && now === undefined) {
    return targaryenWrite.call(this, path, value, { now: priorityOrOptions });
  }
  return targaryenWrite.call(this, path, value, priorityOrOptions, now);
};
let rules = 'open';
if (rulesFile) {
  // firebase-server evaluates rules with targaryen; it gets the same rules when it can parse them.
  try {
    const text = stripJsonComments(fs.readFileSync(rulesFile, 'utf8'));
    server.setRules(JSON.parse(text));
    rules = rulesFile;
  } catch (error) {
    rules = `open (targaryen refused ${path.basename(rulesFile)}: ${String(error.message).split('\n')[0]})`;
  }
}
server.wss.on('listening', () => {
  process.stdout.write(`${JSON.stringify({ port: server.getPort(), rules })}\n`);
});
process.stdin.resume();
process.stdin.on('end', () => {
  server.close().then(() => process.exit(0));
});
