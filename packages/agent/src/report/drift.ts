import { isIanaTimeZone, vlanIfname, type ConfigDocument } from '@netloom/domain';
import type { Sample } from '../host/sampler';
import { ourRoutes, ourRules, kernelRuleKey } from '../host/kernel';
import { COMMENT_PREFIX, expectedComments, nftRuleset } from '../render/nftables';
import { dnsmasqConf, type DnsmasqFiles } from '../render/dnsmasq';
import { sourcesServers } from '../render/chrony';
import { desiredRoutes, desiredRules, routeKey, ruleKey } from '../render/routes';

type Services = NonNullable<ConfigDocument['services']>;

const present = (comments: Set<string>, id: string) => comments.has(`${COMMENT_PREFIX}${id}`);

/** The document's firewall and NAT as far as the agent's nftables tables still hold them (a rule deleted by hand is gone from it). */
function firewallAsRuns(doc: ConfigDocument, sample: Sample): Pick<ConfigDocument, 'firewall' | 'nat'> {
  if (!sample.nft) return { firewall: doc.firewall, nat: doc.nat };
  const comments = new Set(sample.nft.map((r) => r.comment).filter((c): c is string => c !== null));
  const expected = new Set(expectedComments(nftRuleset(doc)));
  // Only what the rendering would have written is judged: a disabled rule was never in the table.
  const kept = (id: string) => !expected.has(`${COMMENT_PREFIX}${id}`) || present(comments, id);
  const fw = doc.firewall;
  const nat = doc.nat;
  return {
    ...(fw
      ? {
          firewall: {
            ...fw,
            inbound: fw.inbound.filter((r) => kept(r.id)),
            outbound: fw.outbound.filter((r) => kept(r.id)),
            zones: fw.zones.filter((z) => kept(`zone:${z.id}:input`)),
          },
        }
      : {}),
    ...(nat
      ? {
          nat: {
            port_forwards: nat.port_forwards.filter((f) => kept(f.id)),
            source_nat: nat.source_nat.filter((s) => kept(s.id)),
            one_to_one: nat.one_to_one.filter((o) => kept(o.id)),
          },
        }
      : {}),
  };
}

/** DHCP as dnsmasq runs it: pools and leases whose lines are still in the agent's file, none when it does not run. */
function dhcpAsRuns(s: Services, doc: ConfigDocument, sample: Sample, files: DnsmasqFiles): Pick<Services, 'dhcp' | 'static_leases'> {
  const wanted = dnsmasqConf(doc, files);
  if (wanted === null || (sample.dnsmasqRunning && sample.dnsmasqConf === wanted)) return { dhcp: s.dhcp, static_leases: s.static_leases };
  const lines = new Set(sample.dnsmasqRunning ? (sample.dnsmasqConf ?? '').split('\n') : []);
  const wantedLines = wanted.split('\n');
  const poolKept = (i: number) => wantedLines.filter((l) => l.includes(`set:pool${i},`) || l.includes(`tag:pool${i},`)).every((l) => lines.has(l));
  return {
    dhcp: s.dhcp.filter((_, i) => poolKept(i)),
    static_leases: s.static_leases.filter((l) => [...lines].some((line) => line.startsWith(`dhcp-host=${l.mac},${l.ip},`))),
  };
}

/**
 * NTP as the box runs it: the zone its `localtime` names, and the servers still in the agent's
 * sources file (none left: NTP off). Sources are judged only where chronyd runs (else never written).
 */
function ntpAsRuns(ntp: Services['ntp'], sample: Sample, chronyd: boolean): Pick<Services, 'ntp'> {
  if (!ntp) return {};
  const zone = sample.clock.zone && isIanaTimeZone(sample.clock.zone) ? sample.clock.zone : ntp.timezone;
  if (!ntp.enabled || !chronyd) return { ntp: { ...ntp, timezone: zone } };
  const kept = new Set(sourcesServers(sample.clock.sources));
  const servers = ntp.servers.filter((s) => kept.has(s));
  return { ntp: { ...ntp, timezone: zone, ...(servers.length ? { servers } : { enabled: false }) } };
}

function servicesAsRun(doc: ConfigDocument, sample: Sample, files: DnsmasqFiles, chronyd: boolean): Pick<ConfigDocument, 'services'> {
  const s = doc.services;
  if (!s) return {};
  return { services: { ...s, ...dhcpAsRuns(s, doc, sample, files), ...ntpAsRuns(s.ntp, sample, chronyd) } };
}

/** The VLANs whose links the kernel still has: one deleted by hand no longer runs. */
function vlansAsRun(doc: ConfigDocument, sample: Sample): Pick<ConfigDocument, 'interfaces'> {
  const ifs = doc.interfaces;
  if (!ifs?.vlans.length) return {};
  const links = new Set(sample.links.map((l) => l.ifname));
  return { interfaces: { ...ifs, vlans: ifs.vlans.filter((v) => links.has(vlanIfname(v))) } };
}

/** BGP as FRR runs it: no speaker when its instance is gone, and only the neighbours it still has. Unread (no bgpd here): as given. */
function bgpAsRuns(doc: ConfigDocument, sample: Sample): Pick<ConfigDocument, 'bgp'> {
  const frr = sample.bgp;
  if (!doc.bgp || !frr) return doc.bgp ? { bgp: doc.bgp } : {};
  if (frr.as !== doc.bgp.asn) return { bgp: undefined };
  return { bgp: { ...doc.bgp, neighbours: doc.bgp.neighbours.filter((n) => n.address in frr.peers) } };
}

/**
 * What the box runs of the document it was given, read back from the kernel and the agent's own
 * services: its VLAN links, its static routes and policy routes still in the kernel, its firewall and NAT rules
 * still in its nftables tables, its DHCP still in its dnsmasq, its time zone and NTP servers.
 * Equal to the document while nobody changed the box by hand; anything removed by hand is missing
 * from it (drift).
 */
export function runningDocument(doc: ConfigDocument, sample: Sample, files: DnsmasqFiles, chronyd: boolean): ConfigDocument {
  const routeKeys = new Set(ourRoutes(sample.routes).map((r) => r.key));
  const routeIds = new Set(
    desiredRoutes(doc)
      .filter((r) => r.id && routeKeys.has(routeKey(r)))
      .map((r) => r.id),
  );
  const ruleKeys = new Set(ourRules(sample.rules).map(kernelRuleKey));
  const missingRules = new Set(
    desiredRules(doc)
      .filter((r) => !ruleKeys.has(ruleKey(r)))
      .map((r) => r.id),
  );
  return {
    ...doc,
    ...vlansAsRun(doc, sample),
    ...(doc.static_routes ? { static_routes: doc.static_routes.filter((r) => !r.enabled || routeIds.has(r.id)) } : {}),
    ...(doc.policy_routing ? { policy_routing: doc.policy_routing.filter((p) => !missingRules.has(p.id)) } : {}),
    ...firewallAsRuns(doc, sample),
    ...servicesAsRun(doc, sample, files, chronyd),
    ...bgpAsRuns(doc, sample),
  };
}

/** The families in which what runs differs from the document (what the agent's log names). */
export const changedFamilies = (doc: ConfigDocument, runs: ConfigDocument): string[] =>
  (Object.keys(doc) as (keyof ConfigDocument)[]).filter((k) => JSON.stringify(doc[k]) !== JSON.stringify(runs[k]));
