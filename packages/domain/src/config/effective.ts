import type { z } from 'zod';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { CONFIG_FAMILIES, configDocumentSchema, deviceDocumentSchema, type ConfigDocument, type ConfigFamily } from './document';
import type { AutoVpn, AutoVpnPeer } from './families/ipsec';
import { missingVariablesMessage, renderTemplate, resolveVariables, templateVariables, type VariableValues } from './templates';

/** A template as a device's rendering needs it. */
export interface TemplateSource {
  id: string;
  name: string;
  sections: Partial<ConfigDocument>;
  defaults: VariableValues;
}

/** A gateway of the tenant that takes part in Auto VPN, as its own configuration says, and where it is reached (null: not known yet). */
export interface AutoVpnMember extends Omit<AutoVpnPeer, 'psk'> {
  topology: AutoVpn['topology'];
}

export interface DeviceRenderInput {
  deviceId?: string;
  deviceName: string;
  /** The tenant's Auto VPN gateways: the device's peers are chosen from them. */
  autoVpnMembers?: readonly AutoVpnMember[];
  /** The tenant's Auto VPN secret: each pair's pre-shared key is derived from it (autoVpnPairKey). */
  autoVpnSecret?: string;
  /** The device group's templates first, then the device's own list, each in its order. */
  templates: TemplateSource[];
  groupValues: VariableValues;
  deviceValues: VariableValues;
  own: Partial<ConfigDocument>;
  disabledFamilies: readonly string[];
  /**
   * Sections the server makes for this device from what other products own (the web filter, zero
   * trust, …), by their top-level key: never templated, edited or turned off, merged after the
   * families and checked with them.
   */
  sections?: Readonly<Record<string, unknown>>;
}

/** Where a family section of the effective document comes from. */
export type SectionSource = { family: ConfigFamily; template: { id: string; name: string } | null };

export type DeviceRender =
  { ok: true; document: ConfigDocument; sources: SectionSource[] } | { ok: false; message: string; issues: { path: (string | number)[]; message: string }[] };

const present = (doc: Partial<ConfigDocument>) => CONFIG_FAMILIES.filter((f) => doc[f] !== undefined);
const isFamily = (key: string): key is ConfigFamily => (CONFIG_FAMILIES as readonly string[]).includes(key);

/**
 * A device's effective document: each template rendered with the device's values (device over
 * group over the templates' defaults), merged in order with a later section replacing an earlier
 * one, the device's own sections over them, families the device has turned off left out, and the
 * whole checked with the one document schema (so defaults are filled in before hashing).
 */
export function renderDeviceDocument(input: DeviceRenderInput): DeviceRender {
  const defaults = Object.assign({}, ...input.templates.map((t) => t.defaults)) as VariableValues;
  const values = resolveVariables({ defaults, group: input.groupValues, device: input.deviceValues });
  const merged: Record<string, unknown> = {};
  const from = new Map<ConfigFamily, SectionSource['template']>();
  for (const t of input.templates) {
    const rendered = renderTemplate(t.sections, values);
    if (!rendered.ok) {
      const message = `${missingVariablesMessage(rendered.missing, input.deviceName)} (template ${t.name})`;
      return { ok: false, message, issues: [] };
    }
    for (const family of present(rendered.value)) {
      merged[family] = rendered.value[family];
      from.set(family, { id: t.id, name: t.name });
    }
  }
  for (const family of present(input.own)) {
    merged[family] = input.own[family];
    from.set(family, null);
  }
  for (const family of input.disabledFamilies) {
    delete merged[family];
    from.delete(family as ConfigFamily);
  }
  for (const [key, section] of Object.entries(input.sections ?? {})) if (!isFamily(key) && section != null) merged[key] = section;
  const parsed = parseRendered(withAutoVpnPeers(merged, input));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message }));
    const first = issues[0]!;
    return { ok: false, message: `${first.path.join('.')}: ${first.message}`, issues };
  }
  const sources = CONFIG_FAMILIES.filter((f) => from.has(f)).map((family) => ({ family, template: from.get(family)! }));
  return { ok: true, document: parsed.data, sources };
}

const WHOLE_NUMBER_TEXT = /^-?\d+(?:\.\d+)?$/;

/**
 * The rendered document checked. A template's number field holds its `{{variable}}` as text, and a
 * value is text too: where the schema wants a number and finds a number written as text, that
 * text came from a variable (a device's own sections are checked as numbers when saved), so it is
 * read as the number and the document checked again.
 */
function parseRendered(doc: Record<string, unknown>) {
  const first = deviceDocumentSchema.safeParse(doc);
  if (first.success) return first;
  let changed = false;
  const copy = structuredClone(doc);
  for (const issue of first.error.issues) {
    if (issue.code !== 'invalid_type' || issue.expected !== 'number' || issue.path.length === 0) continue;
    const parent = at(copy, issue.path.slice(0, -1)) as Record<PropertyKey, unknown> | undefined;
    const key = issue.path[issue.path.length - 1]!;
    const v = parent?.[key];
    if (typeof v === 'string' && WHOLE_NUMBER_TEXT.test(v.trim())) {
      parent![key] = Number(v);
      changed = true;
    }
  }
  return changed ? deviceDocumentSchema.safeParse(copy) : first;
}

/**
 * Auto VPN from one setting: hub-and-spoke gives a spoke every hub and a hub every spoke; full
 * mesh gives every gateway all the others of that topology. A gateway that left stops being a
 * peer with its next render.
 */
export function autoVpnPeers(
  self: { deviceId?: string; role: AutoVpn['role']; topology: AutoVpn['topology'] },
  members: readonly AutoVpnMember[],
  secret = '',
): AutoVpnPeer[] {
  return members
    .filter((m) => m.device_id !== self.deviceId && m.topology === self.topology && (self.topology === 'full-mesh' || m.role !== self.role))
    .map(({ device_id, name, role, subnets, address }) => ({
      device_id,
      name,
      role,
      subnets,
      address,
      psk: secret && self.deviceId ? autoVpnPairKey(secret, self.deviceId, device_id) : '',
    }))
    .sort((a, b) => a.device_id.localeCompare(b.device_id));
}

/**
 * The pre-shared key of one Auto VPN pair: HMAC-SHA256 of the two device ids (in a fixed order,
 * so both ends derive the same) under the tenant's secret. Nobody types or stores it, a pair's key
 * differs from every other pair's, and a new secret gives every pair a new key.
 */
export function autoVpnPairKey(secret: string, a: string, b: string): string {
  const [first, second] = [a, b].sort();
  return bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(`auto-vpn|${first}|${second}`))).slice(0, 48);
}

function withAutoVpnPeers(doc: Record<string, unknown>, input: DeviceRenderInput): Record<string, unknown> {
  const ipsec = doc.ipsec as { auto_vpn?: Partial<AutoVpn> } | undefined;
  const auto = ipsec?.auto_vpn;
  if (!auto || typeof auto !== 'object') return doc;
  const peers =
    auto.enabled && auto.topology
      ? autoVpnPeers({ deviceId: input.deviceId, role: auto.role ?? 'spoke', topology: auto.topology }, input.autoVpnMembers ?? [], input.autoVpnSecret)
      : [];
  return { ...doc, ipsec: { ...ipsec, auto_vpn: { ...auto, peers } } };
}

/** The device's own Auto VPN membership, read from its document (null: not taking part). */
export function autoVpnMemberOf(deviceId: string, name: string, doc: ConfigDocument, reportedAddress: string | null = null): AutoVpnMember | null {
  const a = doc.ipsec?.auto_vpn;
  return a?.enabled
    ? { device_id: deviceId, name, role: a.role, topology: a.topology, subnets: a.subnets, address: autoVpnAddress(doc, reportedAddress) }
    : null;
}

/** Where the other gateways reach this one: its first static WAN address (what it was given), else the public address it reports. */
export function autoVpnAddress(doc: Pick<ConfigDocument, 'interfaces'>, reportedAddress: string | null): string | null {
  const wan = doc.interfaces?.wan.find((w) => w.mode === 'static' && w.ip);
  return wan?.ip ?? reportedAddress;
}

const VARIABLE_IN_TEXT = /\{\{\s*[a-z][a-z0-9_]*\s*\}\}/;

/** The value at a path of a parsed-from-JSON object. */
function at(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined), value);
}

/**
 * A template's section, checked with its family's own schema as far as it can be before a device's
 * values are known: a field that holds a `{{variable}}` is checked per device when rendered.
 * Rules across families are also checked per device (a template may hold firewall zones for
 * interfaces that another template or the device brings).
 */
export function checkTemplateSection(family: ConfigFamily, section: unknown): { path: (string | number)[]; message: string }[] {
  const result = allowingVariables(configDocumentSchema.shape[family] as z.ZodType).safeParse(section);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message }));
}

type Issue = { path: PropertyKey[]; message: string };
type Checked = { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };

/**
 * A schema that lets a field holding a `{{variable}}` through (it is checked per device, once
 * rendered): what a template's form and the server check a template's section with.
 */
export function allowingVariables(schema: { safeParse(v: unknown): Checked }) {
  return {
    safeParse(value: unknown): Checked {
      const result = schema.safeParse(value);
      if (result.success) return result;
      const issues = result.error.issues.filter((i) => {
        const v = at(value, i.path);
        return !(typeof v === 'string' && VARIABLE_IN_TEXT.test(v));
      });
      return issues.length ? { success: false, error: { issues } } : { success: true, data: value };
    },
  };
}

/** Every variable a set of templates uses, in order of first use. */
export const variablesOf = (templates: { sections: unknown }[]) => [...new Set(templates.flatMap((t) => templateVariables(t.sections)))];

/**
 * A document as a person sends it, without the Auto VPN peers it may carry back from an answer:
 * the server writes them at every render, and their keys come back masked.
 */
export function withoutAutoVpnPeers<T extends { ipsec?: unknown }>(doc: T): T {
  const ipsec = doc.ipsec as { auto_vpn?: Record<string, unknown> } | undefined;
  if (!ipsec?.auto_vpn) return doc;
  return { ...doc, ipsec: { ...ipsec, auto_vpn: { ...ipsec.auto_vpn, peers: [] } } };
}
