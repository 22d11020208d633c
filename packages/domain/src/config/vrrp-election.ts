import { ipv4ToNumber } from '../validators/ipv4';

/** One gateway in a VRRP group, as the election sees it. */
export interface VrrpCandidate {
  /** Who it is (a serial): what the previous master is remembered by. */
  id: string;
  /** Its own address on the shared interface: the tie-breaker. */
  address: string;
  /** Configured priority less the decrements of its tracked interfaces that are down (at least 1). */
  priority: number;
  preempt: boolean;
}

/** Configured priority less what tracked interfaces that are down take off; never below 1, as keepalived does. */
export const effectivePriority = (priority: number, tracked: readonly { down: boolean; decrement: number }[]): number =>
  Math.max(1, priority - tracked.reduce((sum, t) => sum + (t.down ? t.decrement : 0), 0));

const better = (a: VrrpCandidate, b: VrrpCandidate) =>
  a.priority > b.priority || (a.priority === b.priority && ipv4ToNumber(a.address) > ipv4ToNumber(b.address));

/**
 * The master of a group (RFC 5798): the highest priority, then the highest address. A master
 * still there keeps the role against a better backup that does not pre-empt, and against an equal
 * one (pre-emption needs a strictly higher priority).
 */
export function electVrrpMaster(candidates: readonly VrrpCandidate[], previous: string | null): string | null {
  if (candidates.length === 0) return null;
  const best = candidates.reduce((a, b) => (better(b, a) ? b : a));
  const sitting = candidates.find((c) => c.id === previous);
  if (!sitting || sitting.id === best.id) return best.id;
  const takesOver = best.preempt && best.priority > sitting.priority;
  return takesOver ? best.id : sitting.id;
}
