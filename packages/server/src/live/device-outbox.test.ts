import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceOutbox, MESSAGE_BURST, MESSAGES_PER_SECOND, PER_DEVICE_MIN_INTERVAL_MS } from './device-outbox';

const PACE_MS = 1000 / MESSAGES_PER_SECOND;

describe('a console outbox of device rows', () => {
  let messages: string[][];
  let outbox: DeviceOutbox;

  beforeEach(() => {
    vi.useFakeTimers();
    messages = [];
    outbox = new DeviceOutbox(
      (rows) => messages.push(rows),
      () => Date.now(),
    );
  });
  afterEach(() => {
    outbox.stop();
    vi.useRealTimers();
  });

  it('sends a row on the next loop turn, with the rows that arrived with it, in one message', async () => {
    outbox.put('a', '"a1"');
    outbox.put('b', '"b1"');
    expect(messages).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(messages).toEqual([['"a1"', '"b1"']]);
  });

  it('sends every change at once while the console is under its pace', async () => {
    for (let i = 0; i < MESSAGE_BURST; i++) {
      outbox.put(`d${i}`, `"${i}"`);
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(messages).toHaveLength(MESSAGE_BURST);
  });

  it('beyond the burst, holds rows to the steady pace and sends what gathered in one message', async () => {
    for (let i = 0; i < MESSAGE_BURST; i++) {
      outbox.put(`d${i}`, `"${i}"`);
      await vi.advanceTimersByTimeAsync(0);
    }
    outbox.put('x', '"x1"');
    outbox.put('y', '"y1"');
    await vi.advanceTimersByTimeAsync(PACE_MS - 1);
    expect(messages).toHaveLength(MESSAGE_BURST);
    await vi.advanceTimersByTimeAsync(1);
    expect(messages.at(-1)).toEqual(['"x1"', '"y1"']);
    // A second at the pace lets the console take a burst again.
    await vi.advanceTimersByTimeAsync(1000);
    outbox.put('z', '"z1"');
    await vi.advanceTimersByTimeAsync(0);
    expect(messages.at(-1)).toEqual(['"z1"']);
  });

  it('sends a flapping device at most once a second, and then only its latest row', async () => {
    outbox.put('a', '"a1"');
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 2; i <= 9; i++) {
      outbox.put('a', `"a${i}"`);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(messages).toEqual([['"a1"']]);
    await vi.advanceTimersByTimeAsync(PER_DEVICE_MIN_INTERVAL_MS);
    expect(messages).toEqual([['"a1"'], ['"a9"']]);
  });

  it('does not hold other devices back behind a throttled one', async () => {
    outbox.put('a', '"a1"');
    await vi.advanceTimersByTimeAsync(0);
    outbox.put('a', '"a2"');
    outbox.put('b', '"b1"');
    await vi.advanceTimersByTimeAsync(0);
    expect(messages).toEqual([['"a1"'], ['"b1"']]);
    expect(outbox.size).toBe(1);
  });

  it('drops what waits when cleared (a full list goes instead) and sends nothing after stop', async () => {
    outbox.put('a', '"a1"');
    outbox.clear();
    await vi.advanceTimersByTimeAsync(10);
    outbox.put('b', '"b1"');
    outbox.stop();
    await vi.advanceTimersByTimeAsync(PER_DEVICE_MIN_INTERVAL_MS);
    expect(messages).toEqual([]);
  });

  it('keeps the once-a-second rule across many devices while forgetting old ones', async () => {
    for (let i = 0; i < 3_000; i++) outbox.put(`d${i}`, `"${i}"`);
    await vi.advanceTimersByTimeAsync(0);
    expect(messages[0]).toHaveLength(3_000);
    await vi.advanceTimersByTimeAsync(PER_DEVICE_MIN_INTERVAL_MS);
    outbox.put('d0', '"again"');
    await vi.advanceTimersByTimeAsync(0);
    expect(messages.at(-1)).toEqual(['"again"']);
    outbox.put('d0', '"too soon"');
    await vi.advanceTimersByTimeAsync(PACE_MS);
    expect(messages.at(-1)).toEqual(['"again"']);
  });
});
