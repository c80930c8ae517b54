import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import type { Databases } from './namespaces.js';
import { ProtocolSession, WebSocketTransport } from './session.js';
import { MAX_WRITE_REQUEST_BYTES, MessageTooLargeError } from './frames.js';
import { LongPollSessions } from './longpoll.js';
import { handleRest, sendError } from './rest.js';

interface RtdbServerOptions {
  databases: Databases;
  log: (line: string) => void;
  /** used when neither the `ns` parameter nor the Host subdomain names a namespace */
  defaultNamespace: string;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** `ns` parameter first; otherwise the first label of the Host name, as the real service does (`<ns>.firebaseio.com`). */
export function namespaceOf(url: URL, hostHeader: string | undefined, fallback: string): string {
  const param = url.searchParams.get('ns');
  if (param) return param;
  const host = (hostHeader ?? '').replace(/:\d+$/, '').replace(/^\[.*\]$/, '');
  if (host === '' || IPV4.test(host) || host.includes(':') || !host.includes('.')) return fallback;
  const label = host.split('.')[0];
  return label === '' ? fallback : label;
}

function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  const requested = req.headers['access-control-request-headers'];
  return {
    'Access-Control-Allow-Origin': typeof origin === 'string' ? origin : '*',
    'Access-Control-Allow-Methods': 'GET, PUT, POST, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      typeof requested === 'string'
        ? requested
        : 'Authorization, Content-Type, X-Firebase-ETag, If-Match, X-HTTP-Method-Override',
    'Access-Control-Expose-Headers': 'ETag',
    'Access-Control-Max-Age': '3600',
    Vary: 'Origin',
  };
}

interface RtdbServer {
  server: Server;
  /** Ends every WebSocket session and event stream (their onDisconnect ops run). */
  closeConnections(): void;
}

export function createRtdbServer(options: RtdbServerOptions): RtdbServer {
  const { databases, log, defaultNamespace } = options;
  const sessions = new Set<ProtocolSession>();
  const longPolls = new LongPollSessions(databases, log, sessions);
  const streams = new Set<() => void>();
  const sockets = new Set<Socket>();
  const tracked = {
    add(end: () => void): () => void {
      streams.add(end);
      return () => streams.delete(end);
    },
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    for (const [key, value] of Object.entries(corsHeaders(req))) res.setHeader(key, value);
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      res.writeHead(400);
      res.end();
      return;
    }
    const ns = namespaceOf(url, req.headers.host, defaultNamespace);
    if (url.pathname === '/.emulator/requests' && req.method === 'GET') {
      // Not a production endpoint: the protocol requests this namespace received, by kind, since start.
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify(Object.fromEntries([...databases.get(ns).requestCounts].sort(([a], [b]) => a.localeCompare(b)))),
      );
      return;
    }
    if (url.pathname === '/.lp') {
      longPolls.handle(req, res, url, ns);
      return;
    }
    handleRest(req, res, url, databases, ns, tracked).catch((error) => sendError(res, error));
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  // A single WebSocket frame over the write limit is refused by `ws` as it reads the frame's header
  // (close 1009), before any of it is buffered: the SDK's frames are at most 16384 characters, and
  // its larger messages come as many frames (see FrameAssembler).
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: MAX_WRITE_REQUEST_BYTES });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      socket.destroy();
      return;
    }
    if (url.pathname !== '/.ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const ns = namespaceOf(url, req.headers.host, defaultNamespace);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const transportSessionId = url.searchParams.get('s');
      if (transportSessionId && longPolls.upgrade(ws, socket, transportSessionId)) return;
      const transport = new WebSocketTransport(ws, socket);
      const session = new ProtocolSession(transport, databases, ns, req.headers.host ?? 'localhost', log, (s) =>
        sessions.delete(s),
      );
      sessions.add(session);
      session.sayHello();
      ws.on('message', (data: Buffer) => {
        let message: ReturnType<WebSocketTransport['receive']>;
        try {
          message = transport.receive(data.toString(), data.length);
        } catch (error) {
          if (error instanceof MessageTooLargeError) {
            log(`rtdb: ${error.message}, closing the connection`);
            transport.refuseMessage();
            return;
          }
          log('rtdb: invalid JSON from client, closing the connection');
          ws.terminate();
          return;
        }
        if (message !== null) session.receive(message);
      });
      ws.on('close', () => session.end());
      ws.on('error', () => {
        /* close follows */
      });
    });
  });

  return {
    server,
    closeConnections(): void {
      for (const end of [...streams]) end();
      longPolls.closeAll();
      for (const session of [...sessions]) session.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}
