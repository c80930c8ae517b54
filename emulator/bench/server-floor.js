// Child process: the machine's floor for the latency rows. Speaks just enough protocol v5 for the
// benchmark (hello, auth and listen acknowledged, no data, no rules, no durability) and answers a
// put by sending the written value to every listening connection — serialised and framed once,
// one socket write per connection, which is the least any server must do — then acknowledges it.
// Its latency is what the kernel's loopback TCP, the scheduler and the measuring client cost alone.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const server = createServer((req, res) => res.writeHead(404).end());
const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
const listening = new Set();

function frame(text) {
  const payload = Buffer.from(text, 'utf8');
  const header = payload.length < 126 ? Buffer.from([0x81, payload.length]) : payload.length <= 0xffff ? Buffer.from([0x81, 126, payload.length >> 8, payload.length & 0xff]) : null;
  if (!header) throw new Error('the floor server sends small messages only');
  return Buffer.concat([header, payload]);
}

server.on('upgrade', (req, socket, head) => {
  wss.handleUpgrade(req, socket, head, (ws) => {
    const send = (message) => socket.write(frame(JSON.stringify(message)));
    send({ t: 'c', d: { t: 'h', d: { ts: Date.now(), v: '5', h: 'localhost', s: 'floor' } } });
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.t !== 'd') return;
      const { r, a, b } = message.d;
      if (a === 'q') listening.add(socket);
      if (a === 'p') {
        const push = frame(JSON.stringify({ t: 'd', d: { a: 'd', b: { p: b.p.replace(/^\//, ''), d: b.d } } }));
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
