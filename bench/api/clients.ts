/**
 * The HTTP clients of bench:api, in a child process of their own so their work is not done on the
 * server's event loop or its garbage: `concurrency` clients, each calling the device list over keep-alive
 * connections, one request after the other, until `seconds` have passed. Posts back each
 * request's latency (ms, response body read), how many requests failed and the first failures.
 * The task comes in BENCH_CLIENTS_TASK (JSON), the result goes back over the IPC channel.
 */

export interface ClientsTask {
  url: string;
  headers: Record<string, string>;
  body: string;
  concurrency: number;
  seconds: number;
}
export interface ClientsResult {
  samples: number[];
  failed: number;
  failures: string[];
}

const task = JSON.parse(process.env.BENCH_CLIENTS_TASK!) as ClientsTask;
const samples: number[] = [];
const failures: string[] = [];
let failed = 0;
const deadline = performance.now() + task.seconds * 1000;

async function client(): Promise<void> {
  while (performance.now() < deadline) {
    const start = performance.now();
    // Node's fetch keeps its connections alive and reuses them: no TCP handshake per request.
    const res = await fetch(task.url, { method: 'POST', headers: { 'content-type': 'application/json', ...task.headers }, body: task.body });
    const text = await res.text();
    samples.push(performance.now() - start);
    if (res.status === 200) continue;
    failed++;
    if (failures.length < 5) failures.push(`${res.status}: ${text.slice(0, 200)}`);
  }
}

await Promise.all(Array.from({ length: task.concurrency }, client));
// Exits once the result is handed over: idle keep-alive connections would hold the process open.
process.send!({ samples, failed, failures } satisfies ClientsResult, () => process.exit(0));
