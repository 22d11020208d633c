import type { FastifyBaseLogger } from 'fastify';
import { parseRumClient, type RumBeacon, type RumClient } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { CountryLookup, RumBeaconToStore } from '../traffic/index';
import * as repo from './repo';

/** The store's write side (the traffic module's RumStore, wired in the composition root). */
export interface RumWriter {
  write(beacons: readonly RumBeaconToStore[]): Promise<void>;
}

export interface RumIngestStats {
  beaconsStored: number;
  beaconsBad: number;
  beaconsRefused: number;
  beaconsUnsampled: number;
  beaconsShed: number;
  queued: number;
}

/** What the ingest knows of a site: enough to take or refuse a beacon without a query. */
export interface IngestSite {
  id: string;
  tenantId: string;
  origins: ReadonlySet<string>;
  sampleRate: number;
}

/** A site's settings are read again after this long: a change counts within seconds on every instance. */
const SITE_TTL_MS = 10_000;
/** Beacons written in one transaction at most. */
const BATCH = 1_000;
/** Beacons waiting beyond this many are refused with 503 (the SDK's next beacon carries on). */
const MAX_QUEUED = 20_000;
const UA_CACHE = 2_000;

interface Waiting {
  beacon: RumBeaconToStore;
  done: (err?: unknown) => void;
}

/**
 * RUM's ingest: each beacon a site's page sends is checked (key, origin, body), enriched (country from
 * the address, which is not kept; browser, OS and device from the user agent) and queued. The queue is
 * written in batches, one transaction each, and every request waits for its batch: a 204 means stored.
 * Under load many requests share a transaction (group commit), so throughput grows with concurrency.
 */
export class RumIngest {
  private readonly sites = new Map<string, { site: IngestSite | null; readAt: number }>();
  private readonly clients = new Map<string, RumClient>();
  private queue: Waiting[] = [];
  private writing: Promise<void> | null = null;
  readonly stats: RumIngestStats = { beaconsStored: 0, beaconsBad: 0, beaconsRefused: 0, beaconsUnsampled: 0, beaconsShed: 0, queued: 0 };

  constructor(
    private readonly db: Db,
    private readonly writer: RumWriter,
    private readonly countries: CountryLookup,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The site of a public key (cached a few seconds), or null. */
  async site(publicKey: string): Promise<IngestSite | null> {
    const cached = this.sites.get(publicKey);
    if (cached && Date.now() - cached.readAt < SITE_TTL_MS) return cached.site;
    const row = await repo.siteByKey(this.db, publicKey);
    const site = row ? { id: row.id, tenantId: row.tenantId, origins: new Set(row.origins), sampleRate: row.sampleRate } : null;
    if (this.sites.size > 10_000) this.sites.clear();
    this.sites.set(publicKey, { site, readAt: Date.now() });
    return site;
  }

  /** A site changed or went: its next beacon reads it again. */
  forget(publicKey: string): void {
    this.sites.delete(publicKey);
  }

  countBad(): void {
    this.stats.beaconsBad++;
  }

  countRefused(): void {
    this.stats.beaconsRefused++;
  }

  countUnsampled(): void {
    this.stats.beaconsUnsampled++;
  }

  /** Whether the queue has room; a full one sheds the beacon (counted). */
  hasRoom(): boolean {
    if (this.queue.length < MAX_QUEUED) return true;
    this.stats.beaconsShed++;
    return false;
  }

  /** Resolves once the beacon is stored. */
  accept(site: IngestSite, beacon: RumBeacon, client: { ip: string; userAgent: string | undefined }): Promise<void> {
    const item: RumBeaconToStore = {
      tenantId: site.tenantId,
      siteId: site.id,
      receivedAt: this.now(),
      country: this.countries.country(client.ip),
      client: this.clientOf(client.userAgent),
      beacon,
    };
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ beacon: item, done: (err) => (err ? reject(err) : resolve()) });
      this.stats.queued = this.queue.length;
      this.writing ??= this.drain();
    });
  }

  private clientOf(userAgent: string | undefined): RumClient {
    const ua = (userAgent ?? '').slice(0, 512);
    let client = this.clients.get(ua);
    if (!client) {
      client = parseRumClient(ua);
      if (this.clients.size >= UA_CACHE) this.clients.clear();
      this.clients.set(ua, client);
    }
    return client;
  }

  private async drain(): Promise<void> {
    // Let the requests that arrived in this turn join the first batch.
    await new Promise((r) => setImmediate(r));
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH);
      this.stats.queued = this.queue.length;
      await this.store(batch);
      await this.touch(batch);
    }
    this.writing = null;
  }

  /**
   * Writes a batch in one transaction. When it fails, each beacon is written alone: beacons of many
   * sites (and tenants) share a batch, and one that cannot be stored must not fail the others.
   */
  private async store(batch: Waiting[]): Promise<void> {
    try {
      await this.writer.write(batch.map((w) => w.beacon));
      this.stats.beaconsStored += batch.length;
      for (const w of batch) w.done();
      return;
    } catch (err) {
      if (batch.length === 1) {
        this.log.warn({ err, siteId: batch[0]!.beacon.siteId }, 'a RUM beacon not stored');
        batch[0]!.done(err);
        return;
      }
      this.log.warn({ err, beacons: batch.length }, 'RUM beacons not stored together: writing each alone');
    }
    for (const w of batch) await this.store([w]);
  }

  private async touch(batch: Waiting[]): Promise<void> {
    try {
      await repo.touchSites(this.db, this.now(), [...new Set(batch.map((w) => w.beacon.siteId))]);
    } catch (err) {
      this.log.warn({ err }, 'RUM sites’ last beacon time not noted');
    }
  }

  /** Waits for what is queued to be written (shutdown, tests). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }
}

export function rumIngestMetrics(stats: () => RumIngestStats): { name: string; help: string; type: 'counter' | 'gauge'; read: () => number }[] {
  const counter = (name: string, help: string, read: (s: RumIngestStats) => number) => ({
    name: `netloom_rum_${name}`,
    help,
    type: 'counter' as const,
    read: () => read(stats()),
  });
  return [
    counter('beacons_stored_total', 'RUM beacons stored', (s) => s.beaconsStored),
    counter('beacons_bad_total', 'RUM beacons refused as malformed (not JSON, or outside the beacon schema) and dropped', (s) => s.beaconsBad),
    counter('beacons_refused_total', 'RUM beacons from an origin the site does not allow', (s) => s.beaconsRefused),
    counter('beacons_unsampled_total', 'RUM beacons of a site sampled at 0, dropped', (s) => s.beaconsUnsampled),
    counter('beacons_shed_total', 'RUM beacons refused with 503 while the write queue was full', (s) => s.beaconsShed),
    { name: 'netloom_rum_beacons_queued', help: 'RUM beacons waiting for the next write', type: 'gauge' as const, read: () => stats().queued },
  ];
}
