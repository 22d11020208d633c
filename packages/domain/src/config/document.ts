import { z } from 'zod';
import { interfacesSectionSchema, type InterfacesSection } from './families/interfaces';
import { staticRoutesSectionSchema } from './families/static-routes';
import { contains, overlaps, subnetOf, type Subnet } from './subnets';

/** The configuration families a document may hold; a later family is a schema, a line here and its rules below. */
export const CONFIG_FAMILIES = ['interfaces', 'static_routes'] as const;
export type ConfigFamily = (typeof CONFIG_FAMILIES)[number];

interface LocalNet {
  ifname: string;
  subnet: Subnet;
  path: (string | number)[];
}

/** The subnets the box is directly on: LAN interfaces, their VLANs (as <parent>.<id>) and static WANs. */
function localNets(i: InterfacesSection): { lan: LocalNet[]; wan: LocalNet[] } {
  const lan = i.lan.flatMap((iface, n) => [
    { ifname: iface.name, subnet: subnetOf(iface.ip, iface.prefix), path: ['interfaces', 'lan', n, 'ip'] },
    ...iface.vlans.map((v, m) => ({ ifname: `${iface.name}.${v.id}`, subnet: subnetOf(v.ip, v.prefix), path: ['interfaces', 'lan', n, 'vlans', m, 'ip'] })),
  ]);
  const wan = i.wan.flatMap((w, n) =>
    w.mode === 'static' && w.ip && w.prefix ? [{ ifname: w.name, subnet: subnetOf(w.ip, w.prefix), path: ['interfaces', 'wan', n, 'ip'] }] : [],
  );
  return { lan, wan };
}

/**
 * A device's whole configuration, one section per family. Besides each family's own rules, the
 * document is checked as a whole, every issue at the path of the field to fix: LAN subnets do not
 * overlap, a route names an interface that exists and its gateway is on a subnet the box is on.
 * The console's forms, the server and the device all check with this one schema.
 */
export const configDocumentSchema = z
  .strictObject({
    interfaces: interfacesSectionSchema.optional(),
    static_routes: staticRoutesSectionSchema.optional(),
  })
  .superRefine((doc, ctx) => {
    if (!doc.interfaces) return;
    const { lan, wan } = localNets(doc.interfaces);
    lan.forEach((a, i) => {
      const clash = lan.slice(0, i).find((b) => overlaps(a.subnet, b.subnet));
      if (clash) ctx.addIssue({ code: 'custom', path: a.path, message: `Subnet overlaps ${clash.ifname}` });
    });
    const nets = [...lan, ...wan];
    const ifnames = new Set([...nets.map((n) => n.ifname), ...doc.interfaces.wan.map((w) => w.name)]);
    doc.static_routes?.forEach((route, i) => {
      if (route.interface && !ifnames.has(route.interface)) {
        ctx.addIssue({ code: 'custom', path: ['static_routes', i, 'interface'], message: 'No such interface in this configuration' });
      }
      const dynamicWan = doc.interfaces!.wan.some((w) => w.mode !== 'static' && (!route.interface || route.interface === w.name));
      if (!dynamicWan && !nets.some((n) => contains(n.subnet, route.gateway) && (!route.interface || route.interface === n.ifname))) {
        ctx.addIssue({ code: 'custom', path: ['static_routes', i, 'gateway'], message: 'Gateway is not on a subnet of this device' });
      }
    });
  });
export type ConfigDocument = z.infer<typeof configDocumentSchema>;
