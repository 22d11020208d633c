import { COUNTRIES, ENDPOINT_OS_LABELS, type AccessDestinations, type AccessSources, type PostureConditions, type WebFilterSchedule } from '@netloom/domain';
import { audienceText, few } from '@/components/policies/audience-text';
import { PROTOCOL_LABELS } from './destinations-fields';

export interface PolicyNames {
  groups: ReadonlyMap<string, string>;
  securityGroups: ReadonlyMap<string, string>;
  servers: ReadonlyMap<string, string>;
}

/** Who a policy is for, in one line ('Everyone', 'Group Sales; Security group Managed laptops'). */
export function sourcesText(s: AccessSources, names: PolicyNames): string {
  return audienceText(s.everyone, [
    { ids: s.users, one: 'user', many: 'users' },
    { ids: s.groups, names: names.groups, prefix: 'Group', one: 'group', many: 'groups' },
    { ids: s.security_groups, names: names.securityGroups, prefix: 'Security group', one: 'security group', many: 'security groups' },
  ]);
}

/** What a policy is about, in one line ('CRM, Site London; TCP 443'). */
export function destinationsText(d: AccessDestinations, names: PolicyNames): string {
  const parts: string[] = [];
  if (d.servers.length)
    parts.push(
      few(
        d.servers.map((id) => names.servers.get(id) ?? 'removed server'),
        'server',
        'servers',
      ),
    );
  if (d.sites.length) parts.push(`Site ${few(d.sites, 'site', 'sites')}`);
  const where = parts.join(', ') || 'Nothing';
  if (d.ports.length === 0) return where;
  const ports = d.ports.map((p) => (p.ports.length ? `${PROTOCOL_LABELS[p.protocol]} ${p.ports.join(', ')}` : PROTOCOL_LABELS[p.protocol])).join('; ');
  return `${where}; ${ports}`;
}

const DAY_SHORT: Record<string, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

/** When a policy holds ('Always', 'Mon–Fri 09:00–17:00 (Europe/London)'). */
export function scheduleText(s: WebFilterSchedule | null): string {
  if (!s) return 'Always';
  const windows = s.windows.map((w) => `${w.days.map((d) => DAY_SHORT[d]).join(' ')} ${w.start}–${w.end}`).join(', ');
  return `${windows} (${s.time_zone})`;
}

/** The posture conditions in one line; 'None' when the policy asks nothing. */
export function postureText(p: PostureConditions): string {
  const parts: string[] = [];
  if (p.os.length) parts.push(p.os.map((o) => (o.min_version ? `${ENDPOINT_OS_LABELS[o.os]} ≥ ${o.min_version}` : ENDPOINT_OS_LABELS[o.os])).join(' or '));
  if (p.min_client_version) parts.push(`Client ≥ ${p.min_client_version}`);
  if (p.countries.length)
    parts.push(
      few(
        p.countries.map((c) => COUNTRIES.find((x) => x.code === c)?.name ?? c),
        'country',
        'countries',
      ),
    );
  if (p.disk_encryption) parts.push('Disk encrypted');
  if (p.firewall) parts.push('Firewall on');
  if (p.approved) parts.push('Approved device');
  return parts.join('; ') || 'None';
}
