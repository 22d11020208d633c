import { z } from 'zod';
import { storableText } from '../../validators/storable-text';
import { textInputMessages } from '../../validators/messages';
import { ifnameField, ipField, ipOrFqdnField, mtuField, prefixField } from './fields';

/** Interfaces & VLANs (`sdwan/device/configure/addressing-vlan`: laninterface, waninterface). */
export const vlanSchema = z.strictObject({ id: z.number().int().min(1).max(4094), ip: ipField(), prefix: prefixField() });

export const lanInterfaceSchema = z.strictObject({
  name: ifnameField(),
  ip: ipField(),
  prefix: prefixField(),
  mtu: mtuField(),
  vlans: z.array(vlanSchema).max(64).default([]),
});
export type LanInterface = z.infer<typeof lanInterfaceSchema>;

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
  .strictObject({ lan: z.array(lanInterfaceSchema).max(16).default([]), wan: z.array(wanInterfaceSchema).max(8).default([]) })
  .superRefine((section, ctx) => {
    const seen = new Set<string>();
    for (const side of ['lan', 'wan'] as const) {
      section[side].forEach((iface, i) => {
        if (seen.has(iface.name)) ctx.addIssue({ code: 'custom', path: [side, i, 'name'], message: 'Interface name already used' });
        seen.add(iface.name);
      });
    }
    section.lan.forEach((iface, i) => {
      const ids = new Set<number>();
      iface.vlans.forEach((vlan, v) => {
        if (ids.has(vlan.id)) ctx.addIssue({ code: 'custom', path: ['lan', i, 'vlans', v, 'id'], message: 'VLAN id already used on this interface' });
        ids.add(vlan.id);
      });
    });
  });
export type InterfacesSection = z.infer<typeof interfacesSectionSchema>;
