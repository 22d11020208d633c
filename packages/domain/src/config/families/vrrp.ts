import { z } from 'zod';
import { ifnameField, ipField } from './fields';
import { flagRepeats } from './issues';

/** VRRP (`sdwan/device/configure/vrrp`): gateways of a LAN sharing one virtual address, one of them master. */

export const vrrpTrackSchema = z.strictObject(
  {
    /** An interface of the document (document-rules.ts); while it is down the group's priority drops by `decrement`. */
    interface: ifnameField(),
    decrement: z.number().int().min(1).max(253),
  },
  // The console writes a tracked interface as a line ('wan1 -20'); one it cannot read arrives as text.
  { error: 'Not a tracked interface: a name, then how much its loss lowers the priority' },
);
export type VrrpTrack = z.infer<typeof vrrpTrackSchema>;

export const vrrpGroupSchema = z
  .strictObject({
    id: z.string().uuid(),
    /** A LAN or VLAN interface of the document; its subnet holds the virtual address (document-rules.ts). */
    interface: ifnameField(),
    vrid: z.number().int().min(1).max(255),
    virtual_ip: ipField(),
    /** 255 is kept for the owner of the address, which this gateway never is (the address is not its own). */
    priority: z.number().int().min(1).max(254).default(100),
    /** A higher-priority backup takes over from a master of lower priority. */
    preempt: z.boolean().default(true),
    advert_interval_s: z.number().int().min(1).max(255).default(1),
    track: z.array(vrrpTrackSchema).max(8).default([]),
    enabled: z.boolean().default(true),
  })
  .superRefine((group, ctx) =>
    flagRepeats(
      ctx,
      group.track,
      (t) => t.interface,
      (i) => ['track', i, 'interface'],
      'Interface already listed',
    ),
  );
export type VrrpGroup = z.infer<typeof vrrpGroupSchema>;

export const vrrpSectionSchema = z.strictObject({ groups: z.array(vrrpGroupSchema).max(64).default([]) }).superRefine((section, ctx) =>
  flagRepeats(
    ctx,
    section.groups,
    (g) => `${g.interface}/${g.vrid}`,
    (i) => ['groups', i, 'vrid'],
    'Virtual router id already used on this interface',
  ),
);
export type VrrpSection = z.infer<typeof vrrpSectionSchema>;
