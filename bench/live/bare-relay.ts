/**
 * The baseline of bench:live: a bare websocket relay, run as its own process. No database, no
 * auth, no validation, no coalescing: a device's first message names its tenant, every heartbeat
 * after it is parsed, acknowledged and forwarded at once to the consoles of that tenant as
 * {"deviceinfo":[{"traffic":[…]}],"partial":true}. What it costs is the floor any live hub pays
 * (websocket framing, JSON, the event loop) on this machine.
 *
 *   PORT=<port> node --import tsx bench/live/bare-relay.ts
 *   devices:  ws://127.0.0.1:<port>/agent            first message {"type":"hello","tenant":"<id>"}
 *   consoles: ws://127.0.0.1:<port>/console/<tenant> gets {"deviceinfo":[]} once, then partials
 */
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT is required');

const consoles = new Map<string, Set<WebSocket>>();
const wss = new WebSocketServer({ host: '127.0.0.1', port, maxPayload: 256 * 1024 });

wss.on('connection', (socket, req) => {
  socket.on('error', () => undefined);
  const url = req.url ?? '';
  if (url.startsWith('/console/')) {
    const tenant = decodeURIComponent(url.slice('/console/'.length));
    let set = consoles.get(tenant);
    if (!set) consoles.set(tenant, (set = new Set()));
    set.add(socket);
    socket.send('{"deviceinfo":[]}');
    socket.on('close', () => set.delete(socket));
    return;
  }
  if (url !== '/agent') {
    socket.close(4404, 'not found');
    return;
  }
  let tenant: string | null = null;
  socket.on('message', (data) => {
    let m: { type?: string; seq?: number; tenant?: string; traffic?: string[] };
    try {
      m = JSON.parse(data.toString()) as typeof m;
    } catch {
      socket.close(4400, 'not JSON');
      return;
    }
    if (tenant === null) {
      if (m.type !== 'hello' || typeof m.tenant !== 'string') return void socket.close(4400, 'hello first');
      tenant = m.tenant;
      socket.send(JSON.stringify({ type: 'welcome', device_id: tenant }));
      return;
    }
    if (m.type !== 'heartbeat') return;
    const set = consoles.get(tenant);
    if (set?.size) {
      const text = `{"deviceinfo":[${JSON.stringify({ traffic: m.traffic ?? [] })}],"partial":true}`;
      for (const c of set) if (c.readyState === c.OPEN) c.send(text);
    }
    socket.send(JSON.stringify({ type: 'ack', seq: m.seq, duplicate: false }));
  });
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const c of wss.clients) c.terminate();
    wss.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
