/**
 * The edits bench:ztna times, each as the server would make it to the tenant (`after`) and as the
 * impact function is told of it (`change`): policies for a team, a security group, named users and
 * everyone changed, one added, two reorders as the list is stored (renumbered: a policy's place
 * number is in the sections too), and a server, a security group's rule, a DNS group and a profile
 * changed. Each is picked from the seeded tenant by what it is about, so every run edits the same.
 */
import type { TenantZtna, ZtnaChange, ZtnaPolicy } from '@netloom/domain';
import { benchUuid, type BenchZtnaTenant } from './tenant';

export interface BenchEdit {
  name: string;
  change: ZtnaChange;
  after: TenantZtna;
}

const renumber = (ps: readonly ZtnaPolicy[]) => ps.map((p, i) => (p.order === i + 1 ? p : { ...p, order: i + 1 }));

/** A policy moved from one place to another (1-based), the list renumbered as the server stores it. */
function moved(t: TenantZtna, from: number, to: number): ZtnaPolicy[] {
  const list = [...t.policies];
  const [p] = list.splice(from - 1, 1);
  list.splice(to - 1, 0, p!);
  return renumber(list);
}

export function benchEdits(b: BenchZtnaTenant): BenchEdit[] {
  const t = b.tenant;
  const policies = t.policies;
  const edits: BenchEdit[] = [];
  const policyEdit = (name: string, find: (p: ZtnaPolicy) => boolean, edit: (p: ZtnaPolicy) => ZtnaPolicy) => {
    const at = policies.findIndex((p) => p.enabled && find(p));
    if (at < 0) return;
    const before = policies[at]!;
    const after = edit(before);
    edits.push({ name, change: { kind: 'policy', before, after }, after: { ...t, policies: policies.map((p, i) => (i === at ? after : p)) } });
  };
  const s = (p: ZtnaPolicy) => p.sources;
  const addServer = (p: ZtnaPolicy) => ({
    ...p,
    destinations: { ...p.destinations, servers: [...p.destinations.servers, t.servers.find((x) => !p.destinations.servers.includes(x.id))!.id] },
  });

  policyEdit(
    'policy for one team: a server added',
    (p) => !s(p).everyone && s(p).groups.length === 1 && s(p).users.length + s(p).security_groups.length === 0,
    addServer,
  );
  policyEdit(
    'policy for a security group: posture added',
    (p) => p.action === 'allow' && !s(p).everyone && s(p).groups.length === 0 && s(p).security_groups.length > 0,
    (p) => ({ ...p, posture: { ...p.posture, firewall: true } }),
  );
  policyEdit(
    'policy for named users: renamed',
    (p) => !s(p).everyone && s(p).users.length > 0 && s(p).groups.length === 0,
    (p) => ({ ...p, name: `${p.name} (renamed)` }),
  );
  policyEdit('policy for everyone: a server added', (p) => s(p).everyone, addServer);

  const team = [...b.endpointsOfGroup.entries()].sort((x, y) => y[1].length - x[1].length)[0]![0];
  const added: ZtnaPolicy = {
    ...policies.find((p) => p.action === 'allow' && p.destinations.servers.length > 0)!,
    id: benchUuid(0x90, 0xffff),
    order: policies.length + 1,
    name: 'New policy',
    sources: { everyone: false, users: [], groups: [team], security_groups: [] },
  };
  edits.push({
    name: 'new policy for one team, at the end',
    change: { kind: 'policy', before: null, after: added },
    after: { ...t, policies: [...policies, added] },
  });

  // With 300 policies: the 200th up to 195th, and the 250th to 10th.
  const place = (share: number) => Math.max(1, Math.round(policies.length * share));
  const nearby = moved(t, place(2 / 3), place(2 / 3) - 5);
  edits.push({ name: 'reorder: a policy up 5 places', change: { kind: 'policies', before: policies, after: nearby }, after: { ...t, policies: nearby } });
  const far = moved(t, place(5 / 6), place(1 / 30));
  edits.push({
    name: `reorder: ${place(5 / 6)}th policy to ${place(1 / 30)}th`,
    change: { kind: 'policies', before: policies, after: far },
    after: { ...t, policies: far },
  });

  // The server the most policies name by id, of those no policy for everyone names (that edit would touch every endpoint).
  const namedBy = new Map<string, number>();
  const forEveryone = new Set(policies.filter((p) => p.sources.everyone).flatMap((p) => p.destinations.servers));
  for (const p of policies) for (const id of p.destinations.servers) if (!forEveryone.has(id)) namedBy.set(id, (namedBy.get(id) ?? 0) + 1);
  const busiest = [...namedBy.entries()].sort((x, y) => y[1] - x[1])[0]![0];
  const serverAt = t.servers.findIndex((x) => x.id === busiest);
  const server = t.servers[serverAt]!;
  const newServer = { ...server, ports: [...server.ports, { protocol: 'tcp' as const, ports: ['9443'] }] };
  edits.push({
    name: `server named by ${namedBy.get(busiest)} policies: a port added`,
    change: { kind: 'server', before: server, after: newServer },
    after: { ...t, servers: t.servers.map((x, i) => (i === serverAt ? newServer : x)) },
  });

  const sgAt = t.securityGroups.findIndex((g) => g.rule && g.rule.countries.length > 0);
  const sg = t.securityGroups[sgAt]!;
  const newSg = { ...sg, rule: { ...sg.rule!, countries: [...new Set([...sg.rule!.countries, 'JP'])] } };
  edits.push({
    name: 'security group rule: a country added',
    change: { kind: 'security_group', before: sg, after: newSg },
    after: { ...t, securityGroups: t.securityGroups.map((g, i) => (i === sgAt ? newSg : g)) },
  });

  const dnsAt = t.dnsGroups.findIndex((g) => g.groups.length > 0);
  const dns = t.dnsGroups[dnsAt]!;
  const newDns = { ...dns, nameservers: [...dns.nameservers, '10.250.0.53'] };
  edits.push({
    name: 'DNS group for teams: a nameserver added',
    change: { kind: 'dns_group', before: dns, after: newDns },
    after: { ...t, dnsGroups: t.dnsGroups.map((g, i) => (i === dnsAt ? newDns : g)) },
  });

  const profileAt = t.profiles.findIndex((p) => p.assigned.groups.length > 0);
  const profile = t.profiles[profileAt]!;
  const newProfile = { ...profile, auto_connect: !profile.auto_connect };
  edits.push({
    name: 'profile for teams: auto-connect switched',
    change: { kind: 'profile', before: profile, after: newProfile },
    after: { ...t, profiles: t.profiles.map((p, i) => (i === profileAt ? newProfile : p)) },
  });
  return edits;
}
