import { chance, randomInt, type Random } from './prng';

export type LinkKind = 'fibre' | 'broadband' | 'lte' | 'mpls';

export interface LinkState {
  name: string;
  ifname: string;
  weight: number;
  kind: LinkKind;
  /** Round-trip time to the nearest PoP when the link is healthy. */
  baseLatencyMs: number;
  up: boolean;
  /** Heartbeat ticks left until a down link comes back. */
  downTicks: number;
}

export interface FlapRules {
  /** Chance per link and heartbeat that an up link goes down. */
  linkDownChance: number;
  linkDownTicks: [number, number];
  /** Chance per heartbeat that every link of a site goes down at once (power, upstream outage). */
  outageChance: number;
  outageTicks: [number, number];
}

/** With a 10 s heartbeat: a link flaps about every hour or two, a site goes dark about twice a day. */
export const DEFAULT_FLAP_RULES: FlapRules = {
  linkDownChance: 0.002,
  linkDownTicks: [2, 15],
  outageChance: 0.0002,
  outageTicks: [3, 20],
};

/** One heartbeat of link life: down links count down and come back, up links may drop. */
export function stepLinks(links: readonly LinkState[], random: Random, rules: FlapRules = DEFAULT_FLAP_RULES): LinkState[] {
  let next = links.map((l) => {
    if (!l.up) {
      const downTicks = Math.max(0, l.downTicks - 1);
      return { ...l, downTicks, up: downTicks === 0 };
    }
    if (chance(random, rules.linkDownChance)) {
      return { ...l, up: false, downTicks: randomInt(random, rules.linkDownTicks[0], rules.linkDownTicks[1]) };
    }
    return l;
  });
  if (chance(random, rules.outageChance)) {
    const ticks = randomInt(random, rules.outageTicks[0], rules.outageTicks[1]);
    next = next.map((l) => ({ ...l, up: false, downTicks: Math.max(l.downTicks, ticks) }));
  }
  return next;
}

/** A gateway with no working WAN link is in error (the console shows Not Reachable). */
export const gatewayStatus = (links: readonly LinkState[]): 'running' | 'error' => (links.some((l) => l.up) ? 'running' : 'error');
