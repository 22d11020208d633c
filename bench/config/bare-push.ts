/**
 * The baseline of bench:config: the same push done by nothing but a websocket server. Devices
 * connect to /agent; POST /push with a job payload sends it to every device at once and answers
 * when each has replied, with each device's round trip (send → reply) in milliseconds. No
 * database, no auth, no revisions: what the network and the devices' own work cost.
 */
import { createServer } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.env.PORT ?? 0);
const devices = new Set<WebSocket>();
const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/push') {
    res.writeHead(404).end();
    return;
  }
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const payload = JSON.parse(body) as Record<string, unknown>;
    const started = performance.now();
    const trips: number[] = [];
    const pending = new Map<string, WebSocket>();
    const finish = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ total_ms: performance.now() - started, trips }));
    for (const ws of devices) {
      const jobId = crypto.randomUUID();
      pending.set(jobId, ws);
      const onReply = (data: Buffer) => {
        const m = JSON.parse(data.toString()) as { job_id?: string };
        if (m.job_id !== jobId) return;
        ws.off('message', onReply);
        trips.push(performance.now() - started);
        pending.delete(jobId);
        if (pending.size === 0) finish();
      };
      ws.on('message', onReply);
      ws.send(JSON.stringify({ type: 'job', job_id: jobId, kind: 'apply_config', payload }));
    }
    if (pending.size === 0) finish();
  });
});
const wss = new WebSocketServer({ server, path: '/agent' });
wss.on('connection', (ws) => {
  devices.add(ws);
  ws.on('close', () => devices.delete(ws));
});
server.listen(port, '127.0.0.1');
