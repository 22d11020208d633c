import { describe, expect, it } from 'vitest';
import { availabilityFromChanges, availabilityFromHeartbeats } from './report-availability';
import { availabilityContent, fleetFigures, inventoryContent, reportFileName, trafficContent, webFilterContent, type InventoryDevice } from './report-content';

const at = (iso: string) => new Date(`2026-11-01T${iso}Z`);
const from = at('00:00:00');
const to = at('10:00:00');

describe('availability from the alarm history', () => {
  it('counts the time between an Alerting and the next OK as down', () => {
    const a = availabilityFromChanges(
      true,
      [
        { at: at('02:00:00'), up: false },
        { at: at('03:00:00'), up: true },
      ],
      from,
      to,
    );
    expect(a).toEqual({ percentUp: 90, downMs: 3_600_000, source: 'alarm history' });
  });

  it('a subject down when the period began is down until its first OK, and one still down at the end is down to the end', () => {
    expect(availabilityFromChanges(false, [{ at: at('05:00:00'), up: true }], from, to).percentUp).toBe(50);
    expect(availabilityFromChanges(true, [{ at: at('09:00:00'), up: false }], from, to).percentUp).toBe(90);
  });

  it('changes out of order or outside the period are placed at its edges', () => {
    const a = availabilityFromChanges(
      true,
      [
        { at: at('11:00:00'), up: true },
        { at: at('08:00:00'), up: false },
      ],
      from,
      to,
    );
    expect(a.percentUp).toBe(80);
  });
});

describe('availability from heartbeats', () => {
  const everyMinute = (start: string, minutes: number) => Array.from({ length: minutes }, (_, i) => new Date(at(start).getTime() + i * 60_000));

  it('each heartbeat covers the grace time after it; the silence between is down', () => {
    // Heard for the first 5 hours, silent for the rest.
    const a = availabilityFromHeartbeats(everyMinute('00:00:00', 300), from, to, 60_000);
    expect(a.source).toBe('heartbeats');
    expect(a.percentUp).toBe(50);
  });

  it('only the part of the period heartbeats are kept for counts; none at all is no data, not down', () => {
    const a = availabilityFromHeartbeats(everyMinute('08:00:00', 120), from, to, 60_000, at('08:00:00'));
    expect(a.percentUp).toBe(100);
    expect(availabilityFromHeartbeats([], from, to, 60_000)).toEqual({ percentUp: null, downMs: 0, source: 'no data' });
  });
});

describe('report content', () => {
  const device = (name: string, status: string, lastSeen: string | null): InventoryDevice => ({
    name,
    type: 'gateway',
    serial: `S-${name}`,
    model: 'NL-100',
    firmware: '1.2',
    status,
    last_seen: lastSeen,
    config_sync: 'synced',
  });

  it('fleet figures: online as the tiles count it, never seen is registered, the rest offline', () => {
    const seen = '2026-11-01T00:00:00Z';
    const f = fleetFigures([device('a', 'running', seen), device('b', 'error', seen), device('c', 'registered', null), device('d', 'modified', seen)]);
    expect(f).toEqual({ total: 4, online: 2, offline: 1, registered: 1 });
  });

  it('the inventory has one CSV row per device and the totals on its first page', () => {
    const c = inventoryContent([device('a', 'running', '2026-11-01T00:00:00Z'), device('b', 'error', '2026-11-01T00:00:00Z')]);
    expect(c.csv.rows.map((r) => r.serial)).toEqual(['S-a', 'S-b']);
    expect(c.csv.rows.map((r) => r.status)).toEqual(['Running', 'Not Reachable']);
    expect(c.figures).toContainEqual({ label: 'Total devices', value: '2' });
    expect(c.figures).toContainEqual({ label: 'Offline', value: '1' });
  });

  it('availability says when heartbeats stood in for the alarm history', () => {
    const c = availabilityContent([
      { device: 'a', link: null, percentUp: 99.5, downMs: 1, source: 'alarm history' },
      { device: 'a', link: 'WAN1', percentUp: 90, downMs: 1, source: 'heartbeats' },
    ]);
    expect(c.notes.join(' ')).toMatch(/1 of 2 subjects had no alarm history; their availability is taken from heartbeats/);
    expect(c.figures).toContainEqual({ label: 'Mean WAN availability', value: '90.00 %' });
    expect(c.csv.rows).toHaveLength(2);
  });

  it('traffic and web filter headline their totals', () => {
    const t = trafficContent([{ title: 'Applications', total_bytes: 2048, rows: [{ name: 'YouTube', bytes: 1024, flows: 3 }] }]);
    expect(t.figures).toEqual([
      { label: 'Total traffic', value: '2.0 KB' },
      { label: 'Top application', value: 'YouTube' },
    ]);
    const w = webFilterContent({ allowed: 3, blocked: 1, topBlocked: [{ name: 'bad.example', count: 1 }], topUsers: [] });
    expect(w.figures).toContainEqual({ label: 'Blocked share', value: '25.0 %' });
    expect(w.csv.rows).toEqual([{ list: 'Blocked domains', rank: 1, name: 'bad.example', requests: 1 }]);
  });

  it('names the file by kind and period', () => {
    expect(reportFileName('login_logs', 'csv', from, new Date('2026-11-08T00:00:00Z'))).toBe('login-logs-2026-11-01-to-2026-11-08.csv');
  });
});
