/**
 * The load of bench:flows' ingest part: simulated gateways on the agent websocket, each sending
 * pre-generated flow batches (the simulator's flowsFor) as fast as the server acknowledges them,
 * a few in flight, resending on 'busy' after the server's retry_after_ms.
 */
import type { FlowRecord } from '@netloom/domain';
import { flowsFor, type FlowClient, type FlowLink } from '../../packages/simulator/src/flows';
import { mulberry32 } from '../../packages/simulator/src/prng';
import { BatchSenders, type SenderIdentity } from '../support/batch-senders';

/** One record of a pool batch: its times relative to the batch's export time, the rest already JSON. */
interface PooledRecord {
  startMs: number;
  endMs: number;
  /** JSON of every field but start and end, without its opening brace: `"src_ip":…}`. */
  rest: string;
}

export interface PoolBatch {
  records: PooledRecord[];
  /** The records as generated (for the raw insert baseline), times relative to `at`. */
  source: FlowRecord[];
  at: number;
}

const LINKS: FlowLink[] = [
  { ifname: 'eth0', name: 'WAN1', up: true, weight: 10 },
  { ifname: 'eth1', name: 'WAN2', up: true, weight: 3 },
];

/**
 * `size` distinct export intervals: offices at different longitudes (so different hours of their
 * day, different volumes and mixes), 15–45 LAN hosts, two WAN links, `peakBps` bytes/s at the
 * busiest hour (1.5 MB/s: ~160 records a minute on average; 5 MB/s: ~420).
 */
export function batchPool(size: number, peakBps = 5e6): PoolBatch[] {
  const at = Date.now();
  const pool: PoolBatch[] = [];
  for (let i = 0; i < size; i++) {
    const random = mulberry32(1000 + i);
    const n = 15 + (i % 31);
    const clients: FlowClient[] = Array.from({ length: n }, (_, c) => ({ ip: `192.168.${1 + (i % 200)}.${10 + c}`, hostname: `host-${i}-${c}` }));
    const lng = -180 + ((i * 137) % 360);
    const records = flowsFor({ at: new Date(at), lng, lat: 20, clients, links: LINKS, peakBps }, random);
    if (records.length === 0) continue;
    pool.push({
      at,
      source: records,
      records: records.map(({ start, end, ...rest }) => ({
        startMs: Date.parse(start) - at,
        endMs: Date.parse(end) - at,
        rest: JSON.stringify(rest).slice(1),
      })),
    });
  }
  return pool;
}

/** A batch's message with its records moved to an export time of `at`. */
function flowsMessage(batch: PoolBatch, seq: number, at: number): string {
  const parts = batch.records.map((r) => `{"start":"${new Date(at + r.startMs).toISOString()}","end":"${new Date(at + r.endMs).toISOString()}",${r.rest}`);
  return `{"type":"flows","seq":${seq},"records":[${parts.join(',')}]}`;
}

/** How far back a gateway's k-th batch lands: one more minute each batch, wrapping within the raw retention. */
export const MINUTES_BACK = 46 * 60;

/** Gateways sending the pool's flow batches, each new batch a minute further back than its last, each starting at its own minute. */
export class FlowGateways extends BatchSenders {
  constructor(
    private readonly pool: PoolBatch[],
    inFlight: number,
  ) {
    super(inFlight, 'FLOWS');
  }

  protected identity(): SenderIdentity {
    return { kind: 'gateway' };
  }

  protected message(index: number, sent: number, seq: number) {
    const batch = this.pool[(index * 7 + sent) % this.pool.length]!;
    const back = ((index % 60) + sent) % MINUTES_BACK;
    return { text: flowsMessage(batch, seq, this.startedAt - back * 60_000), records: batch.records.length };
  }
}
