import dgram from 'node:dgram';
import { isIPv6 } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { FlowRecord } from '@netloom/domain';
import type { FlowSource } from '../enrich';
import { canonicalAddress } from '../exporter-address';
import type { IngestOutcome } from '../ingest';
import { emptyCollectorStats, type CollectorStats } from './collector-stats';
import { FlowDecoder } from './decoder';
import type { ExporterDirectory } from './exporter-directory';
import { MalformedDatagram } from './sets';

/** One log line a minute per address and kind: a misconfigured router sends all day. */
const LOG_EVERY_MS = 60_000;
/** Addresses remembered for that: beyond it the memory is cleared (a spoofed flood cannot grow it). */
const MAX_LOGGED_ADDRESSES = 10_000;
/** The kernel's receive buffer: bursts of datagrams wait there while a write runs, rather than being dropped by the kernel at once. */
const RECEIVE_BUFFER_BYTES = 4 * 1024 * 1024;

export interface CollectorIngest {
  submitCollected(source: FlowSource, records: FlowRecord[]): Promise<IngestOutcome>;
}

/**
 * The NetFlow v9 / IPFIX collector (FLOW_COLLECTOR_PORT): a UDP socket whose datagrams are
 * counted as the traffic of the device that has the sender's address as its exporter address,
 * decoded with the templates that exporter sent, and handed to the same ingest as the devices'
 * flow batches (enrichment, rollups). Each instance stores what its own socket receives, once.
 * Nothing a datagram holds can throw out of here: what is wrong is dropped and counted.
 */
export class FlowCollector {
  readonly stats: CollectorStats = emptyCollectorStats();
  private readonly decoder = new FlowDecoder();
  private socket: dgram.Socket | null = null;
  private readonly logged = new Map<string, number>();

  constructor(
    private readonly listen: { host: string; port: number },
    private readonly directory: ExporterDirectory,
    private readonly ingest: CollectorIngest,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Forgets what an exporter sent (its templates), when its address leaves the directory. */
  forget(address: string): void {
    this.decoder.forget(address);
  }

  /** Reads the exporter directory and opens the socket; resolves with the address it listens on. */
  async start(): Promise<{ address: string; port: number }> {
    await this.directory.start();
    const socket = dgram.createSocket({ type: isIPv6(this.listen.host) ? 'udp6' : 'udp4', recvBufferSize: RECEIVE_BUFFER_BYTES });
    socket.on('message', (datagram, sender) => this.receive(datagram, sender.address));
    socket.on('error', (err) => this.log.error({ err }, 'flow collector socket error'));
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(this.listen.port, this.listen.host, () => {
        socket.off('error', reject);
        resolve();
      });
    });
    this.socket = socket;
    const bound = socket.address();
    this.log.info({ address: bound.address, port: bound.port }, 'flow collector listening (NetFlow v9, IPFIX)');
    return { address: bound.address, port: bound.port };
  }

  async stop(): Promise<void> {
    this.directory.stop();
    const socket = this.socket;
    this.socket = null;
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }

  /** One datagram: whose, decoded, handed to ingest. Public for the benchmark, which measures it without the kernel. */
  receive(datagram: Buffer, sender: string): Promise<void> {
    this.stats.datagrams++;
    let exporter: string;
    try {
      exporter = canonicalAddress(sender);
    } catch {
      this.stats.datagramsRefused++;
      return Promise.resolve();
    }
    const source = this.directory.lookup(exporter);
    if (!source) {
      this.stats.datagramsRefused++;
      this.logOnce(exporter, 'refused', () =>
        this.log.warn({ exporter }, 'flow collector: datagrams from an address no device has as its exporter address are dropped'),
      );
      return Promise.resolve();
    }
    let decoded;
    try {
      decoded = this.decoder.decode(exporter, datagram);
    } catch (err) {
      this.stats.datagramsMalformed++;
      if (err instanceof MalformedDatagram)
        this.logOnce(exporter, 'malformed', () =>
          this.log.warn({ exporter, device: source.id, reason: err.message }, 'flow collector: malformed datagram dropped'),
        );
      else this.log.error({ err, exporter }, 'flow collector: datagram not decoded');
      return Promise.resolve();
    }
    this.stats.setsWithoutTemplate += decoded.unknownTemplate;
    this.stats.recordsUnusable += decoded.unusable.no_addresses + decoded.unusable.no_time;
    const records = decoded.records;
    if (records.length === 0) return Promise.resolve();
    this.stats.records += records.length;
    return this.ingest.submitCollected(source, records).then(
      (outcome) => {
        if (!outcome.stored) this.stats.recordsDropped += records.length;
      },
      (err: unknown) => {
        this.stats.recordsDropped += records.length;
        this.logOnce(exporter, 'not stored', () => this.log.warn({ err, exporter, device: source.id }, 'flow collector: records not stored'));
      },
    );
  }

  private logOnce(address: string, kind: string, write: () => void): void {
    const key = `${kind} ${address}`;
    const now = Date.now();
    if (now - (this.logged.get(key) ?? -Infinity) < LOG_EVERY_MS) return;
    if (this.logged.size >= MAX_LOGGED_ADDRESSES) this.logged.clear();
    this.logged.set(key, now);
    write();
  }
}
