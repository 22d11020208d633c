import { describe, expect, it } from 'vitest';
import { assessApiKeys, type ApiKeyPathCount } from './api-abuse';

const HOUR = 3_600_000;
const calm = (key: string, n: number): ApiKeyPathCount[] => [{ key, method: 'GET', path: '/api/orders', requests: n, errors4xx: 0 }];

describe('API keys judged against their own baseline', () => {
  it('ranks a key that walks ids, one that spikes and one with many 4xx above the calm ones, saying why', () => {
    const walk: ApiKeyPathCount[] = Array.from({ length: 80 }, (_, i) => ({
      key: 'aaaaaaaaaaaaaaaa',
      method: 'GET',
      path: `/api/users/${1000 + i}`,
      requests: 1,
      errors4xx: 0,
    }));
    const keys = assessApiKeys(
      [
        ...calm('1111111111111111', 50),
        ...walk,
        ...calm('bbbbbbbbbbbbbbbb', 2_000),
        { key: 'cccccccccccccccc', method: 'POST', path: '/api/login', requests: 40, errors4xx: 30 },
      ],
      [
        { key: '1111111111111111', baselineHours: 24, baselineRequests: 24 * 50, clients: ['198.51.100.7'], lastSeen: new Date('2026-01-01T10:00:00Z') },
        { key: 'bbbbbbbbbbbbbbbb', baselineHours: 24, baselineRequests: 24 * 40, clients: ['203.0.113.5'], lastSeen: new Date('2026-01-01T10:00:00Z') },
      ],
      HOUR,
    );
    expect(keys.map((k) => [k.key, k.anomalies.map((a) => a.kind)])).toEqual([
      ['bbbbbbbbbbbbbbbb', ['volume_spike']],
      ['aaaaaaaaaaaaaaaa', ['enumeration']],
      ['cccccccccccccccc', ['client_errors']],
      ['1111111111111111', []],
    ]);
    expect(keys[0]).toMatchObject({ per_hour: 2_000, baseline_per_hour: 40, clients: ['203.0.113.5'] });
    expect(keys[1]!.anomalies[0]!.detail).toBe('80 distinct ids on GET /api/users/{id}');
    expect(keys[1]!.top_templates[0]).toEqual({ method: 'GET', template: '/api/users/{id}', requests: 80, distinct_ids: 80 });
    expect(keys[3]!.risk).toBe(0);
  });

  it('does not call a new key’s first traffic a spike, nor a key re-reading the same few ids an enumeration', () => {
    const keys = assessApiKeys(
      [
        ...calm('dddddddddddddddd', 5_000),
        ...Array.from({ length: 5 }, (_, i) => ({ key: 'eeeeeeeeeeeeeeee', method: 'GET', path: `/api/users/${i}`, requests: 40, errors4xx: 0 })),
      ],
      [],
      HOUR,
    );
    expect(keys.every((k) => k.anomalies.length === 0)).toBe(true);
  });
});
