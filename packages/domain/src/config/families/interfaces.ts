import { z } from 'zod';
import { storableText } from '../../validators/storable-text';
import { textInputMessages } from '../../validators/messages';
import { ifnameField, ipField, ipOrFqdnField, mtuField, prefixField } from './fields';
import { addFieldIssue, flagRepeats } from './issues';

/** Interfaces & VLANs (`sdwan/device/configure/addressing-vlan`: laninterface, waninterface). */
export const lanInterfaceSchema = z.strictObject({
  name: ifnameField(),
  ip: ipField(),
  prefix: prefixField(),
  mtu: mtuField(),
});
export type LanInterface = z.infer<typeof lanInterfaceSchema>;

/**
 * A tagged VLAN on a LAN interface. VLANs are a list of their own (not nested in their parent)
 * so that each has an id a form, a revision diff or another family can point at; the box knows
 * it as `<parent>.<vlan_id>` (vlanIfname).
 */
export const vlanSchema = z.strictObject({
  id: z.string().uuid(),
  parent: ifnameField(),
  vlan_id: z.number().int().min(1).max(4094),
  ip: ipField(),
  prefix: prefixField(),
});
export type Vlan = z.infer<typeof vlanSchema>;
export const vlanIfname = (vlan: Pick<Vlan, 'parent' | 'vlan_id'>) => `${vlan.parent}.${vlan.vlan_id}`;

export const wanInterfaceSchema = z
  .strictObject({
    name: ifnameField(),
    mode: z.enum(['dhcp', 'static', 'pppoe']),
    ip: ipField().optional(),
    prefix: prefixField().optional(),
    gateway: ipField().optional(),
    username: storableText().max(64).optional(),
    password: storableText().max(128).optional(),
    /** Share of traffic in load balancing. */
    weight: z.number().int().min(1).max(100).default(1),
    mtu: mtuField(),
    /** Addresses pinged to tell whether the link works. */
    monitor: z.array(ipOrFqdnField()).max(4).default([]),
  })
  .superRefine((wan, ctx) => {
    const need = (field: 'ip' | 'prefix' | 'gateway' | 'username' | 'password') => {
      if (wan[field] === undefined || wan[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: textInputMessages.required });
    };
    if (wan.mode === 'static') (['ip', 'prefix', 'gateway'] as const).forEach(need);
    if (wan.mode === 'pppoe') (['username', 'password'] as const).forEach(need);
  });
export type WanInterface = z.infer<typeof wanInterfaceSchema>;

export const interfacesSectionSchema = z
  .strictObject({
    lan: z.array(lanInterfaceSchema).max(16).default([]),
    wan: z.array(wanInterfaceSchema).max(8).default([]),
    vlans: z.array(vlanSchema).max(256).default([]),
  })
  .superRefine((section, ctx) => {
    const named = [
      ...section.lan.map((iface, i) => ({ side: 'lan', i, name: iface.name })),
      ...section.wan.map((iface, i) => ({ side: 'wan', i, name: iface.name })),
    ];
    flagRepeats(
      ctx,
      named,
      (n) => n.name,
      (k) => [named[k]!.side, named[k]!.i, 'name'],
      'Interface name already used',
    );
    const lanNames = new Set(section.lan.map((iface) => iface.name));
    section.vlans.forEach((vlan, i) => {
      if (!lanNames.has(vlan.parent)) addFieldIssue(ctx, ['vlans', i, 'parent'], 'Not a LAN interface of this configuration');
    });
    flagRepeats(ctx, section.vlans, vlanIfname, (i) => ['vlans', i, 'vlan_id'], 'VLAN id already used on this interface');
  });
export type InterfacesSection = z.infer<typeof interfacesSectionSchema>;
