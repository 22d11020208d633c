import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { RumBeacon } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { RumBeaconToStore } from '../traffic/index';
import { RumIngest, type IngestSite, type RumWriter } from './ingest';

const site = (n: number): IngestSite => ({ id: `site-${n}`, tenantId: `tenant-${n}`, origins: new Set(['https://a.test']), sampleRate: 1 });
const quiet = { warn: () => {}, child: () => quiet } as unknown as FastifyBaseLogger;
const beacon = (sid: string): RumBeacon => ({ v: 1, sid, pid: `pv-${sid}`, url: 'https://a.test/', events: [{ t: 'view', at: Date.now() }] }) as RumBeacon;

describe('RUM ingest batches', () => {
  it('stores every other beacon of a batch in which one cannot be written, and refuses only that one', async () => {
    const stored: string[] = [];
    // A writer that fails any transaction holding the poisoned beacon, as the database would.
    const writer: RumWriter = {
      async write(beacons: readonly RumBeaconToStore[]) {
        if (beacons.some((b) => b.beacon.sid === 'poisoned')) throw new Error('cannot store this row');
        stored.push(...beacons.map((b) => b.beacon.sid));
      },
    };
    // No database: the sites' last-beacon note fails and is only logged.
    const ingest = new RumIngest({} as Db, writer, { country: () => null }, quiet);
    const client = { ip: '192.0.2.1', userAgent: 'Mozilla/5.0' };
    const results = await Promise.allSettled([
      ingest.accept(site(1), beacon('first'), client),
      ingest.accept(site(2), beacon('poisoned'), client),
      ingest.accept(site(3), beacon('third'), client),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(stored.sort()).toEqual(['first', 'third']);
    expect(ingest.stats.beaconsStored).toBe(2);
  });
});
