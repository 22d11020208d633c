import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { effectivePriority, electVrrpMaster, type VrrpCandidate } from './vrrp-election';

const c = (id: string, priority: number, address = `192.168.1.${id.charCodeAt(0)}`, preempt = true): VrrpCandidate => ({ id, address, priority, preempt });

describe('VRRP election', () => {
  it('elects the highest priority, then the highest address', () => {
    expect(electVrrpMaster([c('a', 100), c('b', 150)], null)).toBe('b');
    expect(electVrrpMaster([c('a', 100, '192.168.1.3'), c('b', 100, '192.168.1.2')], null)).toBe('a');
    expect(electVrrpMaster([], null)).toBeNull();
  });

  it('keeps a sitting master against a better backup that does not pre-empt, and hands over to one that does', () => {
    expect(electVrrpMaster([c('a', 100), c('b', 150, undefined, false)], 'a')).toBe('a');
    expect(electVrrpMaster([c('a', 100), c('b', 150)], 'a')).toBe('b');
    // The sitting master gone, the best of the rest takes over whatever its pre-emption.
    expect(electVrrpMaster([c('b', 150, undefined, false)], 'a')).toBe('b');
  });

  it('lowers the priority by the tracked interfaces that are down, never below 1', () => {
    expect(
      effectivePriority(150, [
        { down: true, decrement: 60 },
        { down: false, decrement: 30 },
      ]),
    ).toBe(90);
    expect(effectivePriority(20, [{ down: true, decrement: 60 }])).toBe(1);
  });

  it('always elects one of the candidates, and with pre-emption everywhere the best one', () => {
    const candidate = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd'), priority: fc.integer({ min: 1, max: 254 }), preempt: fc.constant(true) });
    fc.assert(
      fc.property(fc.uniqueArray(candidate, { selector: (x) => x.id, minLength: 1 }), fc.option(fc.constantFrom('a', 'b', 'c', 'd')), (list, previous) => {
        const all = list.map((x) => c(x.id, x.priority));
        const master = electVrrpMaster(all, previous);
        const top = Math.max(...all.map((x) => x.priority));
        expect(all.find((x) => x.id === master)?.priority === top || all.find((x) => x.id === master)?.id === previous).toBe(true);
        if (!all.some((x) => x.id === previous)) expect(all.find((x) => x.id === master)?.priority).toBe(top);
      }),
    );
  });
});
