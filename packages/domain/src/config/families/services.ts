import { z } from 'zod';
import { isEmail, emailMessages } from '../../validators/email';
import { isUrlOrDomain } from '../../validators/domain-name';
import { ipv4ToNumber } from '../../validators/ipv4';
import { storableText } from '../../validators/storable-text';
import { ifnameField, ipField, ipOrFqdnField, macField, nameField, portField } from './fields';
import { addFieldIssue, flagRepeats } from './issues';
import { TIME_ZONE_NAMES } from '../../validators/documented';

/** Services of the box itself: DHCP, SNMP, NTP, logging, management access, alarms. */
export const dhcpPoolSchema = z.strictObject({
  id: z.string().uuid(),
  /** A LAN interface or a VLAN (`lan1.10`). */
  interface: ifnameField(),
  start: ipField(),
  end: ipField(),
  lease_minutes: z.number().int().min(2).max(10080).default(720),
  dns: z.array(ipField()).max(4).default([]),
  gateway: ipField().optional(),
});
export type DhcpPool = z.infer<typeof dhcpPoolSchema>;

export const staticLeaseSchema = z.strictObject({ id: z.string().uuid(), name: nameField(), mac: macField(), ip: ipField() });
export type StaticLease = z.infer<typeof staticLeaseSchema>;

export const snmpSchema = z.strictObject({
  enabled: z.boolean(),
  community: storableText().min(1, 'Field is required').max(32),
  location: storableText().max(64).optional(),
  contact: storableText().max(64).optional(),
  port: portField().default(161),
});

/**
 * An IANA zone name spelled as the box's zoneinfo spells it. The engine's own list differs between
 * runtimes (links such as Asia/Calcutta), so the engine is asked whether it knows the zone; it
 * forgives case, the box's file system does not, so a name it resolves to a different spelling is refused.
 */
export function isIanaTimeZone(value: string): boolean {
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
    return resolved === value || resolved.toLowerCase() !== value.toLowerCase();
  } catch {
    return false;
  }
}

export const ntpSchema = z
  .strictObject({
    enabled: z.boolean(),
    servers: z.array(ipOrFqdnField()).max(4).default([]),
    timezone: z.string().refine(isIanaTimeZone, 'Choose a valid time zone.').meta({ enum: TIME_ZONE_NAMES }),
  })
  .superRefine((ntp, ctx) => {
    if (ntp.enabled && ntp.servers.length === 0) addFieldIssue(ctx, ['servers'], 'Add at least one server');
  });

export const loggingSchema = z.strictObject({
  /** Empty keeps the log on the box. */
  remote: ipOrFqdnField().optional(),
  port: portField().default(514),
  protocol: z.enum(['udp', 'tcp']),
  level: z.enum(['debug', 'info', 'notice', 'warning', 'error']),
});

export const sshSchema = z.strictObject({
  enabled: z.boolean(),
  port: portField().default(22),
  password_auth: z.boolean(),
  wan_access: z.boolean().default(false),
});

export const httpSchema = z.strictObject({
  https_port: portField().default(443),
  /** Port 80 answers with a redirect to HTTPS. */
  redirect_http: z.boolean().default(true),
  wan_access: z.boolean().default(false),
});

/** When a link's quality raises an alarm; hold_seconds is how long it has to last first. */
export const alarmsSchema = z.strictObject({
  latency_ms: z.number().int().min(1).max(10000).default(150),
  jitter_ms: z.number().int().min(1).max(10000).default(30),
  loss_pct: z.number().min(0).max(100).default(5),
  hold_seconds: z.number().int().min(0).max(3600).default(60),
});

const isHttpsUrl = (value: string) => /^https:\/\//i.test(value) && isUrlOrDomain(value);

export const notificationSchema = z
  .strictObject({ id: z.string().uuid(), kind: z.enum(['email', 'webhook']), target: storableText().max(256) })
  .superRefine((n, ctx) => {
    if (n.kind === 'email' && !isEmail(n.target)) addFieldIssue(ctx, ['target'], emailMessages.invalid);
    if (n.kind === 'webhook' && !isHttpsUrl(n.target)) addFieldIssue(ctx, ['target'], 'Enter an https:// URL');
  });
export type Notification = z.infer<typeof notificationSchema>;

/** The HTTP ports the box always serves: the console is there even when the section is not. */
const webPorts = (http: z.infer<typeof httpSchema> | undefined) => {
  const h = http ?? httpSchema.parse({});
  return [{ port: h.https_port, by: 'HTTPS' }, ...(h.redirect_http ? [{ port: 80, by: 'the HTTP redirect' }] : [])];
};

export const servicesSectionSchema = z
  .strictObject({
    dhcp: z.array(dhcpPoolSchema).max(64).default([]),
    static_leases: z.array(staticLeaseSchema).max(1024).default([]),
    snmp: snmpSchema.optional(),
    ntp: ntpSchema.optional(),
    logging: loggingSchema.optional(),
    ssh: sshSchema.optional(),
    http: httpSchema.optional(),
    alarms: alarmsSchema.optional(),
    notifications: z.array(notificationSchema).max(32).default([]),
  })
  .superRefine((section, ctx) => {
    section.dhcp.forEach((pool, i) => {
      if (ipv4ToNumber(pool.start) > ipv4ToNumber(pool.end)) addFieldIssue(ctx, ['dhcp', i, 'end'], 'Pool ends before it starts');
    });
    flagRepeats(
      ctx,
      section.dhcp,
      (p) => p.interface,
      (i) => ['dhcp', i, 'interface'],
      'This interface already has a pool',
    );
    flagRepeats(
      ctx,
      section.static_leases,
      (l) => l.mac,
      (i) => ['static_leases', i, 'mac'],
      'This MAC address already has a lease',
    );
    flagRepeats(
      ctx,
      section.static_leases,
      (l) => l.ip,
      (i) => ['static_leases', i, 'ip'],
      'This address is already leased',
    );
    if (section.http?.redirect_http && section.http.https_port === 80) {
      addFieldIssue(ctx, ['http', 'https_port'], 'Port already used by the HTTP redirect');
    }
    if (section.ssh?.enabled) {
      const clash = webPorts(section.http).find((w) => w.port === section.ssh!.port);
      if (clash) addFieldIssue(ctx, ['ssh', 'port'], `Port already used by ${clash.by}`);
    }
  });
export type ServicesSection = z.infer<typeof servicesSectionSchema>;
export type SnmpSettings = z.infer<typeof snmpSchema>;
export type NtpSettings = z.infer<typeof ntpSchema>;
export type LoggingSettings = z.infer<typeof loggingSchema>;
export type SshSettings = z.infer<typeof sshSchema>;
export type HttpSettings = z.infer<typeof httpSchema>;
export type AlarmSettings = z.infer<typeof alarmsSchema>;
