import { describe, expect, it } from 'vitest';
import { DeviceLog } from './device-log';

describe("a simulated box's log", () => {
  it('keeps the last lines only, newest first', () => {
    const log = new DeviceLog(3);
    for (let i = 0; i < 5; i++) log.write(Date.parse('2026-03-02T10:00:00Z') + i * 1000, 'info', 'test', `line ${i}`);
    expect(log.entries().map((e) => `${e.at} ${e.message}`)).toEqual([
      '2026-03-02T10:00:04.000Z line 4',
      '2026-03-02T10:00:03.000Z line 3',
      '2026-03-02T10:00:02.000Z line 2',
    ]);
  });
});
