import { describe, expect, it } from 'vitest';
import { readStamps } from './fleet';

const partial = (rows: unknown[]) => `{"deviceinfo":${JSON.stringify(rows)},"partial":true}`;
const read = (text: string) => {
  const stamps: number[] = [];
  readStamps(Buffer.from(text), (s) => stamps.push(s));
  return stamps;
};

describe('reading the stamps of a partial message without parsing it', () => {
  it('reads what JSON.parse would, row by row, for the hub rows and the relay rows', () => {
    const hubRow = (stamp: string) => ({
      id: 'd1',
      name: 'gw "traffic" 1',
      wan_status: [{ name: 'WAN1', status: 'up', ifname: 'eth0', weight: 1 }],
      lb_status: null,
      traffic: [stamp],
      configSync: 'In Sync',
    });
    const text = partial([hubRow('1763700000123.45'), hubRow('1763700000124'), { traffic: ['1763700000125.5'] }]);
    const parsed = (JSON.parse(text) as { deviceinfo: { traffic: string[] }[] }).deviceinfo.map((r) => Number(r.traffic[0]));
    expect(read(text)).toEqual(parsed);
  });

  it('counts a row without a stamp, and a message without rows, as unstamped', () => {
    const stamps = read(partial([{ traffic: [] }, { traffic: ['12.5'] }, { traffic: ['not a time'] }]));
    expect(stamps.map((s) => (Number.isNaN(s) ? 'NaN' : s))).toEqual(['NaN', 12.5, 'NaN']);
    expect(read(partial([])).map(Number.isNaN)).toEqual([true]);
  });
});
