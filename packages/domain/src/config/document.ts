import { z } from 'zod';
import { interfacesSectionSchema } from './families/interfaces';
import { staticRoutesSectionSchema } from './families/static-routes';
import { firewallSectionSchema } from './families/firewall';
import { natSectionSchema } from './families/nat';
import { servicesSectionSchema } from './families/services';
import { sdwanSectionSchema } from './families/sdwan';
import { ipsecSectionSchema } from './families/ipsec';
import { policyRoutingSectionSchema } from './families/policy-routing';
import { qosSectionSchema } from './families/qos';
import { bgpSectionSchema } from './families/bgp';
import { vrrpSectionSchema } from './families/vrrp';
import { linkBondingSectionSchema } from './families/link-bonding';
import { netflowSectionSchema } from './families/netflow';
import { wirelessSectionSchema } from './families/wireless';
import { accelerationSectionSchema } from './families/acceleration';
import { contentFilterSectionSchema } from './families/content-filter';
import { urlFilterSectionSchema } from './families/url-filter';
import { userMappingSectionSchema } from './families/user-mapping';
import { overlayMeshSectionSchema } from './families/overlay-mesh';
import { idsIpsSectionSchema } from './families/ids-ips';
import { webFilterSectionSchema } from '../webfilter/section';
import { ztnaConnectorSectionSchema, ztnaSectionSchema } from '../ztna/section';
import { nacSectionSchema } from '../ztna/nac';
import { wafSectionSchema } from '../waf/section';
import { demSectionSchema } from '../dem/section';
import { statingRules } from '../validators/documented';
import { CONFIG_DOCUMENT_RULES } from './stated-rules';
import {
  checkFirewall,
  checkInterfaces,
  checkIpsec,
  checkNat,
  checkPolicyRouting,
  checkQos,
  checkVrrp,
  checkLinkBonding,
  checkNetflow,
  checkAcceleration,
  checkUrlFilter,
  checkUserMapping,
  checkOverlayMesh,
  checkIdsIps,
  checkSdwan,
  checkServices,
  checkStaticRoutes,
  deviceNets,
} from './document-rules';

/** The configuration families a document may hold; a later family is a schema, a line here and its rules in document-rules.ts. */
export const CONFIG_FAMILIES = [
  'interfaces',
  'static_routes',
  'firewall',
  'nat',
  'services',
  'sdwan',
  'ipsec',
  'policy_routing',
  'qos',
  'vrrp',
  'bgp',
  'link_bonding',
  'netflow',
  'wireless',
  'acceleration',
  'content_filter',
  'url_filter',
  'user_mapping',
  'overlay_mesh',
  'ids_ips',
] as const;
export type ConfigFamily = (typeof CONFIG_FAMILIES)[number];

const documentShape = {
  interfaces: interfacesSectionSchema.optional(),
  static_routes: staticRoutesSectionSchema.optional(),
  firewall: firewallSectionSchema.optional(),
  nat: natSectionSchema.optional(),
  services: servicesSectionSchema.optional(),
  sdwan: sdwanSectionSchema.optional(),
  ipsec: ipsecSectionSchema.optional(),
  policy_routing: policyRoutingSectionSchema.optional(),
  qos: qosSectionSchema.optional(),
  vrrp: vrrpSectionSchema.optional(),
  bgp: bgpSectionSchema.optional(),
  link_bonding: linkBondingSectionSchema.optional(),
  netflow: netflowSectionSchema.optional(),
  wireless: wirelessSectionSchema.optional(),
  acceleration: accelerationSectionSchema.optional(),
  content_filter: contentFilterSectionSchema.optional(),
  url_filter: urlFilterSectionSchema.optional(),
  user_mapping: userMappingSectionSchema.optional(),
  overlay_mesh: overlayMeshSectionSchema.optional(),
  ids_ips: idsIpsSectionSchema.optional(),
  /** Made by the server from the tenant's web-filter settings and policies; not a family a device or template edits. */
  web_filter: webFilterSectionSchema.optional(),
  /** Made by the server from the tenant's zero-trust settings: an endpoint's profile, servers and access policies. */
  ztna: ztnaSectionSchema.optional(),
  /** An app connector's site and the servers it publishes (server-made). */
  ztna_connector: ztnaConnectorSectionSchema.optional(),
  /** Hosts the tenant blocked or quarantined on its networks, enforced by every gateway (server-made). */
  nac: nacSectionSchema.optional(),
  /** A WAF edge's protected applications and their policies (server-made from QShield's onboarding). */
  waf: wafSectionSchema.optional(),
  /** A ZTNA endpoint's digital experience tests (server-made from the tenant's monitored applications). */
  dem: demSectionSchema.optional(),
};

function checkDocument(doc: z.infer<z.ZodObject<typeof documentShape>>, ctx: z.RefinementCtx): void {
  const nets = deviceNets(doc.interfaces);
  checkInterfaces(nets, ctx);
  checkStaticRoutes(doc, nets, ctx);
  checkFirewall(doc, nets, ctx);
  checkNat(doc, nets, ctx);
  checkServices(doc, nets, ctx);
  checkSdwan(doc, nets, ctx);
  checkIpsec(doc, nets, ctx);
  checkPolicyRouting(doc, nets, ctx);
  checkQos(doc, nets, ctx);
  checkVrrp(doc, nets, ctx);
  checkLinkBonding(doc, nets, ctx);
  checkNetflow(doc, nets, ctx);
  checkAcceleration(doc, nets, ctx);
  checkUrlFilter(doc, nets, ctx);
  checkUserMapping(doc, nets, ctx);
  checkOverlayMesh(doc, nets, ctx);
  checkIdsIps(doc, nets, ctx);
}

/**
 * A device's whole configuration, one section per family, and the sections the server makes from
 * the products a device runs (web filter, zero trust). Besides each family's own rules, the
 * document is checked as a whole (document-rules.ts), every issue at the path of the field to fix:
 * LAN subnets do not overlap, what a family names (an interface, a subnet) exists on this device.
 * The console's forms, the server and the device all check with this one schema; a section it
 * does not know is refused (a device cannot run it).
 */
export const configDocumentSchema = statingRules(z.strictObject(documentShape).superRefine(checkDocument), CONFIG_DOCUMENT_RULES);

/**
 * A document as the server makes, stores and shows it: checked alike, and holding, besides the
 * sections named here, those of any later product whose section provider the server runs (its
 * provider makes and checks them; they are kept as they are, so their hash is the server's).
 * Its id makes it one component of the API document, referenced wherever it is used.
 */
export const deviceDocumentSchema = statingRules(z.object(documentShape).catchall(z.unknown()).superRefine(checkDocument), CONFIG_DOCUMENT_RULES).meta({
  id: 'DeviceConfigDocument',
});
export type ConfigDocument = z.infer<typeof configDocumentSchema>;
