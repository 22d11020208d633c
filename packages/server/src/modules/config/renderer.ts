import {
  canonicalConfigJson,
  configHash,
  policyIdsForDevice,
  renderDeviceDocument,
  webFilterSectionFor,
  ztnaEndpointView,
  ztnaSectionsFor,
  type AutoVpnMember,
  type ConfigDocument,
  type DeviceRender,
  type TenantWebFilter,
  type TenantZtna,
} from '@netloom/domain';
import type { DeviceRenderRow, TemplateRow } from './render-repo';

/** What rendering needs besides the device: the tenant's templates it uses, its Auto VPN gateways, its web filter and zero trust. */
export interface RenderContext {
  templates: Map<string, TemplateRow>;
  autoVpn: readonly AutoVpnMember[];
  /** Null: the tenant has no web filter, and its devices' documents have no web_filter section. */
  webFilter: TenantWebFilter | null;
  /** Null: the tenant never set up zero trust, and its devices' documents have no zero-trust sections. */
  ztna: TenantZtna | null;
}

/**
 * What a device's zero-trust sections depend on, short, within one snapshot of the tenant: for an
 * endpoint, its view (profile, policies, DNS groups, release: the domain's key) and who it is;
 * for a gateway, the site it publishes (NAC hosts are the same for all of the tenant's gateways).
 */
function ztnaKey(row: Pick<DeviceRenderRow, 'id' | 'kind'>, tenant: TenantZtna | null): unknown {
  if (!tenant) return null;
  if (row.kind === 'gateway') return tenant.connectors.find((c) => c.deviceId === row.id)?.site ?? null;
  const e = tenant.endpoints.get(row.id);
  if (!e) return null;
  const view = ztnaEndpointView(tenant, e);
  return [view.key, e.user, e.groups, view.securityGroups, e.posture.approved === true, e.posture.country];
}

/** A device's effective document with the given own sections. */
export function renderRow(row: DeviceRenderRow, ctx: RenderContext, own: Partial<ConfigDocument>): DeviceRender {
  return renderDeviceDocument({
    deviceId: row.id,
    deviceName: row.name,
    autoVpnMembers: ctx.autoVpn,
    templates: row.templateIds.flatMap((id) => {
      const t = ctx.templates.get(id);
      return t ? [{ id: t.id, name: t.name, sections: t.sections, defaults: t.defaults }] : [];
    }),
    groupValues: row.groupValues,
    deviceValues: row.deviceValues,
    own,
    disabledFamilies: row.disabledFamilies,
    webFilter: ctx.webFilter ? webFilterSectionFor(ctx.webFilter, row) : null,
    ztna: ctx.ztna ? ztnaSectionsFor(ctx.ztna, { id: row.id, kind: row.kind }) : null,
  });
}

export interface Rendered {
  render: DeviceRender;
  hash: string | null;
  ownJson: string;
}

/**
 * Renders many devices, each distinct input once: devices of one group mostly render alike, so a
 * push to a thousand of them checks and hashes one document. A refusal names the device, and an
 * Auto VPN gateway's peers leave itself out, so those are rendered for each device.
 */
export class Renderer {
  private readonly cache = new Map<string, Rendered>();

  constructor(readonly ctx: RenderContext) {}

  render(row: DeviceRenderRow, own: Partial<ConfigDocument>): Rendered {
    const ownJson = canonicalConfigJson(own);
    // Devices that get the same web-filter policies get the same section: the policy ids stand for it.
    const webFilter = this.ctx.webFilter ? policyIdsForDevice(this.ctx.webFilter, row) : null;
    // Endpoints with the same view of the tenant's zero trust who are the same requester get the same section.
    const ztna = ztnaKey(row, this.ctx.ztna);
    const key = JSON.stringify([row.templateIds, row.groupValues, row.deviceValues, row.disabledFamilies, ownJson, webFilter, ztna]);
    const hit = this.cache.get(key);
    if (hit?.render.ok && !hit.render.document.ipsec?.auto_vpn?.enabled) return hit;
    const render = renderRow(row, this.ctx, own);
    const rendered = { render, hash: render.ok ? configHash(render.document) : null, ownJson };
    if (!hit) this.cache.set(key, rendered);
    return rendered;
  }
}
