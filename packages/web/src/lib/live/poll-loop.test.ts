import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PollLoop } from './poll-loop';

describe('PollLoop (15 s device-list poll)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks every interval while the calls succeed', async () => {
    const tick = vi.fn().mockResolvedValue(undefined);
    const loop = new PollLoop(tick, 15_000);
    loop.restart();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(tick).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tick).toHaveBeenCalledTimes(3);
    loop.stop();
  });

  it('stops after more than two consecutive errors, until restarted', async () => {
    const states: string[] = [];
    const tick = vi.fn().mockRejectedValue(new Error('down'));
    const loop = new PollLoop(tick, 15_000, (s) => states.push(s));
    loop.restart();
    await vi.advanceTimersByTimeAsync(45_000);
    expect(tick).toHaveBeenCalledTimes(3);
    expect(loop.current()).toBe('stopped');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tick).toHaveBeenCalledTimes(3);

    tick.mockResolvedValue(undefined);
    loop.restart();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(tick).toHaveBeenCalledTimes(4);
    expect(states).toEqual(['running', 'stopped', 'running']);
    loop.stop();
  });

  it('a success in between resets the error count', async () => {
    const tick = vi
      .fn()
      .mockRejectedValueOnce(new Error('1'))
      .mockRejectedValueOnce(new Error('2'))
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error('3'))
      .mockRejectedValueOnce(new Error('4'))
      .mockResolvedValue(undefined);
    const loop = new PollLoop(tick, 1_000);
    loop.restart();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(loop.current()).toBe('running');
    expect(tick).toHaveBeenCalledTimes(6);
    loop.stop();
  });
});
