// Child process: the machine's floor for the latency rows. Speaks just enough protocol v5 for the
// benchmark (hello, auth and listen acknowledged, no data, no rules, no durability) and answers a
// put by sending the written value to every listening connection — serialised and framed once,
// one socket write per connection, which is the least any server must do — then acknowledges it.
// Its latency is what the kernel's loopback TCP, the scheduler and the measuring client cost alone.
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';

// The same framing as ours (one buffer per message), so the two differ only in what they do before it.
const here = path.dirname(fileURLToPath(import.meta.url));
const { encodeWebSocketMessage } = await import(path.join(here, '..', 'dist', 'server', 'frames.js'));

const server = createServer((req, res) => res.writeHead(404).end());
const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
const listening = new Set();

server.on('upgrade', (req, socket, head) => {
  wss.handleUpgrade(req, socket, head, (ws) => {
    const send = (message) => socket.write(encodeWebSocketMessage(JSON.stringify(message)));
    send({ t: 'c', d: { t: 'h', d: { ts: Date.now(), v: '5', h: 'localhost', s: 'floor' } } });
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.t !== 'd') return;
      const { r, a, b } = message.d;
      if (a === 'q') listening.add(socket);
      if (a === 'p') {
        const push = encodeWebSocketMessage(
          JSON.stringify({ t: 'd', d: { a: 'd', b: { p: b.p.replace(/^\//, ''), d: b.d } } }),
        );
        for (const listener of listening) listener.write(push);
      }
      send({ t: 'd', d: { r, b: { s: 'ok', d: '' } } });
    });
    ws.on('close', () => listening.delete(socket));
  });
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port, rules: 'none' })}\n`);
});
process.stdin.resume();
process.stdin.on('end', () => {
  for (const client of wss.clients) client.terminate();
  server.close(() => process.exit(0));
});
