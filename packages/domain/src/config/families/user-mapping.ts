import { z } from 'zod';
import { storableText } from '../../validators/storable-text';
import { ipField, networkField, portField } from './fields';
import { addFieldIssue, flagRepeats } from './issues';
import { overlaps, subnetOfCidr } from '../subnets';

/**
 * User Mapping (`sdwan/device/configure/user-mapping`): the sources that tell the gateway which
 * user sits behind a LAN address, so its flow records name the user and the per-user analytics
 * charts see branch users too, not only ZTNA endpoints. When two sources know an address, the
 * first of USER_MAPPING_SOURCES wins: a hand-written entry beats what is learned.
 */
export const USER_MAPPING_SOURCES = ['static', 'radius', 'ztna', 'dhcp'] as const;
export type UserMappingSource = (typeof USER_MAPPING_SOURCES)[number];

/** A user as directories write one: an email, an account name or DOMAIN\account. */
export const USER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._%+@\\-]{0,127}$/;
export const USER_NAME_MESSAGE = 'An email or an account name: letters, digits, . _ % + @ - and a backslash';
export const userNameField = () => z.string().regex(USER_NAME_PATTERN, USER_NAME_MESSAGE);

export const staticUserEntrySchema = z.strictObject({
  id: z.string().uuid(),
  /** A LAN address of this device (document-rules.ts). */
  address: ipField(),
  user: userNameField(),
});
export type StaticUserEntry = z.infer<typeof staticUserEntrySchema>;

/** RADIUS accounting from the site's access points and switches: Start and Interim records carry Framed-IP-Address and User-Name. */
export const radiusAccountingSchema = z.strictObject({
  enabled: z.boolean().default(false),
  port: portField().default(1813),
  /** The shared secret of the clients below; a secret by its name (secrets.ts). */
  secret: storableText().max(128).default(''),
  /** The networks whose RADIUS clients may send accounting. */
  clients: z.array(networkField()).max(16).default([]),
});

export const userMappingSectionSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    static_entries: z.array(staticUserEntrySchema).max(1024).default([]),
    radius: radiusAccountingSchema.default({ enabled: false, port: 1813, secret: '', clients: [] }),
    /** The user signed in to the ZTNA client of a LAN host. */
    ztna_identity: z.boolean().default(true),
    /** A DHCP lease's host name taken as its user (a name per person's laptop, as many small offices name them). */
    dhcp_hostnames: z.boolean().default(false),
    /** A learned mapping not heard of again for this long is forgotten. */
    timeout_min: z.number().int().min(1).max(1440).default(480),
  })
  .superRefine((section, ctx) => {
    flagRepeats(
      ctx,
      section.static_entries,
      (e) => e.address,
      (i) => ['static_entries', i, 'address'],
      'Address already mapped',
    );
    section.radius.clients.forEach((cidr, i) => {
      const earlier = section.radius.clients.slice(0, i).some((c) => overlaps(subnetOfCidr(c), subnetOfCidr(cidr)));
      if (earlier) addFieldIssue(ctx, ['radius', 'clients', i], 'Overlaps a network already listed');
    });
    if (section.radius.enabled) {
      if (section.radius.secret === '') addFieldIssue(ctx, ['radius', 'secret'], 'RADIUS accounting needs the shared secret');
      if (section.radius.clients.length === 0) addFieldIssue(ctx, ['radius', 'clients'], 'Name the networks of the RADIUS clients');
    }
    if (section.enabled && activeSources(section).length === 0) addFieldIssue(ctx, ['enabled'], 'Turn on at least one source, or turn user mapping off');
  });
export type UserMappingSection = z.infer<typeof userMappingSectionSchema>;

/** The sources a section has on, in the order they are asked. */
export function activeSources(section: Pick<UserMappingSection, 'static_entries' | 'radius' | 'ztna_identity' | 'dhcp_hostnames'>): UserMappingSource[] {
  const on: Record<UserMappingSource, boolean> = {
    static: section.static_entries.length > 0,
    radius: section.radius.enabled,
    ztna: section.ztna_identity,
    dhcp: section.dhcp_hostnames,
  };
  return USER_MAPPING_SOURCES.filter((s) => on[s]);
}

/** What each source knows about one LAN address. */
export interface UserClues {
  address: string;
  radius?: string | null;
  ztna?: string | null;
  dhcpHostname?: string | null;
}

/**
 * The user behind an address and the source that said so, by the section's sources in their
 * order; null when none of them knows, or the section is off. A DHCP host name that is no user
 * name (spaces, an apostrophe) names nobody.
 */
export function mapUser(section: UserMappingSection | undefined, clues: UserClues): { user: string; source: UserMappingSource } | null {
  if (!section?.enabled) return null;
  for (const source of activeSources(section)) {
    const user =
      source === 'static'
        ? section.static_entries.find((e) => e.address === clues.address)?.user
        : source === 'radius'
          ? clues.radius
          : source === 'ztna'
            ? clues.ztna
            : clues.dhcpHostname;
    if (user && USER_NAME_PATTERN.test(user)) return { user, source };
  }
  return null;
}
