import { z } from 'zod';
import { boundedMap, sweep, touch, type BoundedMap } from '../bounded';
import { defineNdrRule } from '../rule';
import { duration, plural } from './words';

interface Attacker {
  first: number;
  last: number;
  attacks: number;
  /** The worst ModSecurity severity seen (lower is worse). */
  worst: number;
  rule: number;
}

/**
 * WAF attacker inside: an address the WAF saw attacking a protected application (at or above a
 * severity) that then exchanges traffic with an internal host, answered, as when an attacker
 * moves from the web front to what lies behind it, or a host reaches out to them. What the WAF
 * blocked stays blocked; this is the same address getting somewhere else.
 */
export const wafAttackerRule = defineNdrRule({
  id: 'ndr.waf_attacker',
  name: 'WAF attacker inside',
  severity: 'high',
  tactics: ['TA0001'],
  techniques: ['T1190'],
  reads: ['waf', 'flow'],
  version: 1,
  params: {
    /** ModSecurity severities at or below this mark an attacker (2 critical, 3 error, 4 warning). */
    max_waf_severity: z.number().int().min(0).max(7).default(2),
    /** How long an attacker is remembered after their last attack. */
    memory_hours: z
      .number()
      .int()
      .min(1)
      .max(30 * 24)
      .default(24),
    max_attackers: z.number().int().min(100).max(200_000).default(20_000),
  },
  explain: (p) =>
    `An address the WAF saw attacking an application (ModSecurity severity ${p.max_waf_severity} or worse) that, within ${duration(p.memory_hours * 3600)} ` +
    `of its last attack, exchanges traffic with an internal host that answers or reaches out to it.`,
  init: (): BoundedMap<Attacker> => boundedMap(),
  observe(attackers, e, t, p, ctx) {
    const memory = p.memory_hours * 3_600_000;
    if (e.kind === 'waf') {
      if (e.severity > p.max_waf_severity || ctx.isInternal(e.client_ip)) return [];
      const a = touch(attackers, `a${e.client_ip}`, p.max_attackers, (): Attacker => ({ first: t, last: t, attacks: 0, worst: e.severity, rule: e.rule_id }));
      a.last = t;
      a.attacks++;
      if (e.severity < a.worst) a.worst = e.severity;
      a.rule = e.rule_id;
      return [];
    }
    const inward = !ctx.isInternal(e.src_ip) && ctx.isInternal(e.dst_ip);
    const outward = ctx.isInternal(e.src_ip) && !ctx.isInternal(e.dst_ip);
    if (!inward && !outward) return [];
    const peer = inward ? e.src_ip : e.dst_ip;
    const host = inward ? e.dst_ip : e.src_ip;
    const a = attackers.items[`a${peer}`];
    if (!a || t - a.last > memory || ctx.isExempt(host)) return [];
    if (inward && !(e.packets_in > 0 && e.bytes_in > 0)) return [];
    return [
      {
        key: `${host}|${peer}`,
        host: { ip: host, device_id: e.device_id },
        peer,
        user: outward ? (e.user ?? null) : null,
        title: inward ? `WAF attacker ${peer} reached ${host}` : `${host} reached WAF attacker ${peer}`,
        summary:
          `${peer} attacked a protected application ${plural(a.attacks, 'time')} (rule ${a.rule}, severity ${a.worst}); ` +
          (inward ? `it then connected to ${host}:${e.dst_port}, which answered.` : `${host} then connected to it on port ${e.dst_port}.`),
        confidence: inward ? 0.85 : 0.75,
        last_seen: t,
        facts: { attacks: a.attacks, waf_rule: a.rule, direction: inward ? 'inbound' : 'outbound' },
        ...(outward && { tactics: ['TA0011'] as const, techniques: ['T1071'] as const }),
      },
    ];
  },
  prune(attackers, horizon, p) {
    sweep(attackers, (a) => a.last < horizon - p.memory_hours * 3_600_000);
  },
});
