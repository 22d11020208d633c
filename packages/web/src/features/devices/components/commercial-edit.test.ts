import { describe, expect, it } from 'vitest';
import type { CommercialData } from '@netloom/domain';
import { applyDraft, beginEdit, deviceTotal, draftError, fleetTotal } from './commercial-edit';

const D1 = '11111111-1111-4111-8111-111111111111';
const D2 = '22222222-2222-4222-8222-222222222222';
const data: CommercialData = {
  [D1]: {
    WAN1: { amount: '1200', date: '2025-01-05', lastUpdated: '2025-01-05T10:00:00.000Z' },
    WAN2: { amount: 300.75, date: '2025-02-01', lastUpdated: '2025-02-01T10:00:00.000Z' },
  },
};

describe('commercial edit rules', () => {
  it('opens a cell with its stored amount and date', () => {
    expect(beginEdit(null, { deviceId: D1, wan: 'WAN1' }, data)).toEqual({
      draft: { deviceId: D1, wan: 'WAN1', amount: '1200', date: '2025-01-05' },
      refused: false,
    });
  });

  it('allows one edit at a time: a second cell is refused, the open one is not', () => {
    const { draft } = beginEdit(null, { deviceId: D1, wan: 'WAN1' }, data);
    expect(beginEdit(draft, { deviceId: D2, wan: 'WAN1' }, data)).toEqual({ draft, refused: true });
    expect(beginEdit(draft, { deviceId: D1, wan: 'WAN2' }, data).refused).toBe(true);
    expect(beginEdit(draft, { deviceId: D1, wan: 'WAN1' }, data).refused).toBe(false);
  });

  it('saving stores the values with a new lastUpdated and keeps everything else', () => {
    const now = new Date('2025-03-01T08:00:00.000Z');
    const next = applyDraft(data, { deviceId: D2, wan: 'WAN1', amount: ' 500 ', date: '2025-03-01' }, now);
    expect(next[D2]).toEqual({ WAN1: { amount: '500', date: '2025-03-01', lastUpdated: now.toISOString() } });
    expect(next[D1]).toBe(data[D1]);
    const edited = applyDraft(data, { deviceId: D1, wan: 'WAN1', amount: '100', date: '2025-01-05' }, now);
    expect(edited[D1]!.WAN1!.lastUpdated).toBe(now.toISOString());
    expect(edited[D1]!.WAN2).toBe(data[D1]!.WAN2);
  });

  it('totals sum the amounts as integers, per device and over the fleet', () => {
    expect(deviceTotal(data, D1)).toBe(1500);
    expect(deviceTotal(data, D2)).toBe(0);
    const next = applyDraft(data, { deviceId: D2, wan: 'WAN1', amount: '99.99', date: '2025-03-01' }, new Date());
    expect(fleetTotal(next, [D1, D2])).toBe(1599);
  });

  it('refuses a draft without a valid amount or date', () => {
    expect(draftError({ deviceId: D1, wan: 'WAN1', amount: 'abc', date: '2025-01-01' })).toBe('Enter a valid amount');
    expect(draftError({ deviceId: D1, wan: 'WAN1', amount: '10', date: '' })).toBe('Date must be YYYY-MM-DD');
    expect(draftError({ deviceId: D1, wan: 'WAN1', amount: '10', date: '2025-01-01' })).toBeNull();
  });
});
