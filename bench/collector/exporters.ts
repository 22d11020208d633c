/**
 * The load of bench:collector: routers exporting NetFlow v9 over UDP, each from a loopback address
 * of its own (127.0.1.x, the address set on its device), in softflowd's v9 layout (template flowset
 * then a data flowset, the template every datagram as softflowd resends it), at an offered rate.
 */
import dgram from 'node:dgram';
import { v9Datagram, type TestFlow } from '../../packages/server/src/modules/traffic/collector/test-datagrams';
import { MINUTES_BACK, type PoolBatch } from '../flows/gateways';

/** Records a datagram carries: softflowd's v9 datagrams hold up to 24 of its 50-byte records (1,400-byte MTU budget); routers about as many. */
const RECORDS_PER_DATAGRAM = 24;

/** Datagrams of one router that share a minute: 7 × 24 records, about one bench:flows batch. */
const DATAGRAMS_PER_MINUTE = 7;

export const exporterAddress = (i: number) => `127.0.1.${1 + i}`;

/** The simulator's records (the gateways' pool) as v9 flows, moved one minute further back per datagram as the gateways' batches are. */
function toFlows(batch: PoolBatch, at: number): TestFlow[] {
  return batch.records.slice(0, RECORDS_PER_DATAGRAM).map((r, n) => {
    const source = batch.source[n]!;
    return {
      src: source.src_ip,
      dst: source.dst_ip,
      srcPort: source.src_port,
      dstPort: source.dst_port,
      protocol: source.protocol,
      bytes: Math.min(source.src_bytes + source.dst_bytes, 0xffffffff),
      packets: Math.min(source.src_packets + source.dst_packets, 0xffffffff),
      start: at + r.startMs,
      end: at + r.endMs,
    };
  });
}

export class UdpExporters {
  private sockets: dgram.Socket[] = [];
  private timer: NodeJS.Timeout | null = null;
  sentRecords = 0;
  sentDatagrams = 0;
  sendErrors = 0;

  constructor(
    private readonly pool: PoolBatch[],
    private readonly count: number,
  ) {}

  async open(): Promise<void> {
    for (let i = 0; i < this.count; i++) {
      const socket = dgram.createSocket('udp4');
      socket.on('error', () => this.sendErrors++);
      await new Promise<void>((resolve) => socket.bind(0, exporterAddress(i), resolve));
      this.sockets.push(socket);
    }
  }

  /** Sends `recordsPerS` records a second in total, round robin over the exporters, in 10 ms ticks. */
  start(port: number, recordsPerS: number): void {
    const datagrams = this.pool.map((batch, k) => ({ k, batch }));
    const startedAt = Date.now();
    const perTick = recordsPerS / RECORDS_PER_DATAGRAM / 100;
    let owed = 0;
    let sent = 0;
    this.timer = setInterval(() => {
      owed += perTick;
      for (; owed >= 1; owed--, sent++) {
        const { batch } = datagrams[sent % datagrams.length]!;
        // A router's minute holds about as many records as a gateway's batch (~160, bench:flows' pool): then one minute further back.
        const back = (Math.floor(sent / this.count / DATAGRAMS_PER_MINUTE) % MINUTES_BACK) * 60_000;
        const flows = toFlows(batch, startedAt - back);
        const socket = this.sockets[sent % this.sockets.length]!;
        // Up for two days: the oldest record (MINUTES_BACK) is after its boot, as a real exporter's are.
        socket.send(v9Datagram(flows, { exportMs: Date.now(), uptimeMs: 48 * 3_600_000 }), port, '127.0.0.1', (err) => {
          if (err) this.sendErrors++;
        });
        this.sentDatagrams++;
        this.sentRecords += flows.length;
      }
    }, 10);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    for (const s of this.sockets) s.close();
    this.sockets = [];
  }
}
