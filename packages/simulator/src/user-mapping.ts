import { mapUser, type StatusSnapshot, type UserClues, type UserMappingSection } from '@netloom/domain';
import type { LanHost } from './nac-hosts';
import { fixedShare } from './prng';
import { cidrContains } from './router-model';

/** The people of a small office; a host's person is the same on every run (by its MAC). */
const PEOPLE = ['asha', 'ben', 'carla', 'dev', 'elif', 'femi', 'goran', 'hana', 'ivan', 'jun', 'kofi', 'lena', 'maya', 'nils', 'omar', 'priya'];
/** The Windows domain a site's RADIUS server names its accounts in. */
const ACCOUNT_DOMAIN = 'OFFICE';
/** The domain a simulated ZTNA client is signed in with (the simulated gateway does not know its tenant's). */
const ZTNA_DOMAIN = 'example.com';
/** Shares of the hosts that log on over 802.1X (so RADIUS accounting hears of them) and that run the ZTNA client. */
const RADIUS_SHARE = 0.6;
const ZTNA_SHARE = 0.35;

/**
 * What each of the office's systems knows about a host: RADIUS accounting names the account of a
 * host that logged on over 802.1X, if an access point in one of the section's RADIUS client
 * networks serves it (simulated: the host's own address is in one); the ZTNA client names the
 * person's email; DHCP gives the lease's host name.
 */
export function cluesOf(host: LanHost, section: UserMappingSection | undefined): UserClues {
  const person = `${PEOPLE[Math.floor(fixedShare(host.mac, 'person') * PEOPLE.length)]}${Math.floor(fixedShare(host.mac, 'number') * 90) + 10}`;
  const radiusClient = section?.radius.enabled && section.radius.clients.some((c) => cidrContains(c, host.ip));
  return {
    address: host.ip,
    radius: radiusClient && fixedShare(host.mac, 'dot1x') < RADIUS_SHARE ? `${ACCOUNT_DOMAIN}\\${person}` : null,
    ztna: fixedShare(host.mac, 'ztna client') < ZTNA_SHARE ? `${person}@${ZTNA_DOMAIN}` : null,
    dhcpHostname: host.hostname,
  };
}

/** The hosts with the user the running section maps each to (none without a section). */
export function withUsers(hosts: readonly LanHost[], section: UserMappingSection | undefined): LanHost[] {
  if (!section?.enabled) return [...hosts];
  return hosts.map((h) => {
    const mapped = mapUser(section, cluesOf(h, section));
    return mapped ? { ...h, user: mapped.user } : h;
  });
}

/** Who is behind each LAN address now, and which source said so. */
export function userMappingSnapshot(hosts: readonly LanHost[], section: UserMappingSection | undefined): Extract<StatusSnapshot, { kind: 'user_mapping' }> {
  const entries = section?.enabled
    ? hosts.flatMap((h) => {
        const mapped = mapUser(section, cluesOf(h, section));
        return mapped ? [{ address: h.ip, user: mapped.user, source: mapped.source, hostname: h.hostname ?? null }] : [];
      })
    : [];
  return { kind: 'user_mapping', entries };
}
