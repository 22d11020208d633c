import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '@netloom/domain';
import { mwanSnapshot, sdwanSnapshot, slaSnapshot, trackingTargets, type WanView } from './status-model-wan';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const sla = { latency_ms: 80, jitter_ms: 20, loss_pct: 1 };
const doc = (rules: Record<string, unknown>[] = [{}]) =>
  configDocumentSchema.parse({
    interfaces: {
      wan: [
        { name: 'wan1', mode: 'dhcp', monitor: ['9.9.9.9'] },
        { name: 'wan2', mode: 'dhcp' },
        { name: 'lte0', mode: 'dhcp' },
      ],
    },
    sdwan: {
      interfaces: [{ interface: 'wan1' }, { interface: 'lte0', priority: 3 }, { interface: 'wan2', priority: 2 }],
      rules: rules.map((over, i) => ({ id: id(i + 1), name: `voice ${i + 1}`, dscp: 46, application: 'teams', preferred_wan: 'wan1', sla, ...over })),
    },
  });
const good = { latency_ms: 20, jitter_ms: 2, loss_pct: 0 };
const wan = (ifname: string, over: Partial<WanView> = {}): WanView => ({ ifname, up: true, weight: 1, onlineS: 60, ping: good, ...over });
const paths = (wans: WanView[], d = doc()) => sdwanSnapshot(d, wans).entries.map((e) => `${e.active_wan ?? '-'} ${e.reason}`);

describe('SD-WAN steering of a simulated gateway', () => {
  it('keeps a rule on its preferred link while it is up and within the SLA', () => {
    const [entry] = sdwanSnapshot(doc(), [wan('wan1'), wan('wan2'), wan('lte0')]).entries;
    expect(entry).toEqual({ rule: 'voice 1', match: 'application teams, DSCP 46', preferred_wan: 'wan1', active_wan: 'wan1', reason: 'preferred' });
  });

  it('fails over to the next link by priority when the preferred one is down or over the SLA', () => {
    expect(paths([wan('wan1', { up: false, ping: null }), wan('wan2'), wan('lte0')])).toEqual(['wan2 link_down']);
    expect(paths([wan('wan1', { ping: { ...good, latency_ms: 120 } }), wan('wan2'), wan('lte0')])).toEqual(['wan2 sla_failover']);
    // The next by priority is over the SLA too: the one after it.
    expect(paths([wan('wan1', { ping: { ...good, loss_pct: 4 } }), wan('wan2', { ping: { ...good, jitter_ms: 25 } }), wan('lte0')])).toEqual([
      'lte0 sla_failover',
    ]);
  });

  it('has no link when none is up, and a rule without failover stays on its link', () => {
    const down = (n: string) => wan(n, { up: false, ping: null });
    expect(paths([down('wan1'), down('wan2'), down('lte0')])).toEqual(['- no_link']);
    const noFailover = doc([{ failover: false }]);
    expect(paths([wan('wan1', { ping: { ...good, latency_ms: 300 } }), wan('wan2'), wan('lte0')], noFailover)).toEqual(['wan1 preferred']);
    expect(paths([down('wan1'), wan('wan2'), wan('lte0')], noFailover)).toEqual(['- no_link']);
  });

  it('reports only enabled rules, and its match as configured', () => {
    const d = doc([{ enabled: false }, { application: undefined, dscp: undefined, destination: '10.0.0.0/8' }]);
    expect(sdwanSnapshot(d, [wan('wan1')]).entries.map((e) => `${e.rule}: ${e.match}`)).toEqual(['voice 2: destination 10.0.0.0/8']);
  });
});

describe('multi-WAN tracking and SLA probes', () => {
  it('tracks each link at its monitor or a public resolver, online for as long as it has been up', () => {
    const wans = [wan('wan1', { onlineS: 12.7 }), wan('wan2', { up: false }), wan('lte0', { weight: 3 })];
    const targets = trackingTargets(doc(), wans);
    expect(targets).toEqual(['9.9.9.9', '1.1.1.1', '8.8.8.8']);
    expect(mwanSnapshot(wans, targets).entries.map((e) => `${e.interface} ${e.state} ${e.tracking_ip} w${e.weight} ${e.online_s}s`)).toEqual([
      'wan1 online 9.9.9.9 w1 12s',
      'wan2 offline 1.1.1.1 w1 0s',
      'lte0 online 8.8.8.8 w3 60s',
    ]);
  });

  it('judges a link by the strictest rule preferring it, else by the default SLA', () => {
    const d = doc([{}, { sla: { ...sla, latency_ms: 40 } }]);
    const wans = [wan('wan1', { ping: { ...good, latency_ms: 50 } }), wan('wan2', { ping: { ...good, latency_ms: 140 } }), wan('lte0', { up: false })];
    const entries = slaSnapshot(d, wans, trackingTargets(d, wans)).entries;
    expect(entries.map((e) => `${e.interface} ${e.state} ${e.latency_ms ?? '-'}ms ${e.loss_pct}%`)).toEqual([
      'wan1 degraded 50ms 0%',
      'wan2 ok 140ms 0%',
      'lte0 down -ms 100%',
    ]);
  });
});
