import {
  canonicalConfigJson,
  configHash,
  renderDeviceDocument,
  type AutoVpnMember,
  type ConfigDocument,
  type MeshMember,
  type DeviceRender,
} from '@netloom/domain';
import type { DeviceRenderRow, TemplateRow } from './render-repo';
import { sectionsFor, sectionsKey, type LoadedSections } from './section-provider';

/** What rendering needs besides the device: the tenant's templates it uses, its overlays' gateways, and the products' sections. */
export interface RenderContext {
  templates: Map<string, TemplateRow>;
  autoVpn: readonly AutoVpnMember[];
  /** The tenant's Overlay Mesh VPN gateways, each with its device group. */
  mesh: readonly MeshMember[];
  /** The tenant's overlay secret (each pair's key of either overlay derives from it). */
  autoVpnSecret: string;
  /** The section providers whose product the tenant has, each with its context. */
  sections: LoadedSections;
}

/** A device's effective document with the given own sections. */
function renderRow(row: DeviceRenderRow, ctx: RenderContext, own: Partial<ConfigDocument>): DeviceRender {
  return renderDeviceDocument({
    deviceId: row.id,
    networkId: row.networkId,
    deviceName: row.name,
    autoVpnMembers: ctx.autoVpn,
    meshMembers: ctx.mesh,
    autoVpnSecret: ctx.autoVpnSecret,
    templates: row.templateIds.flatMap((id) => {
      const t = ctx.templates.get(id);
      return t ? [{ id: t.id, name: t.name, sections: t.sections, defaults: t.defaults }] : [];
    }),
    groupValues: row.groupValues,
    deviceValues: row.deviceValues,
    own,
    disabledFamilies: row.disabledFamilies,
    sections: sectionsFor(ctx.sections, row),
  });
}

/** The document takes part in an overlay: its peers are its own. */
const inOverlay = (doc: ConfigDocument) => Boolean(doc.ipsec?.auto_vpn?.enabled || doc.overlay_mesh?.enabled);

export interface Rendered {
  render: DeviceRender;
  hash: string | null;
  ownJson: string;
}

/**
 * Renders many devices, each distinct input once: devices of one group mostly render alike, so a
 * push to a thousand of them checks and hashes one document. A refusal names the device, and an
 * overlay gateway's peers (Auto VPN's, the mesh's) leave itself out, so those are rendered for each device.
 */
export class Renderer {
  private readonly cache = new Map<string, Rendered>();

  constructor(readonly ctx: RenderContext) {}

  render(row: DeviceRenderRow, own: Partial<ConfigDocument>): Rendered {
    const ownJson = canonicalConfigJson(own);
    // Devices whose providers give them the same sections (the providers' keys say so) render alike.
    const key = JSON.stringify([row.templateIds, row.groupValues, row.deviceValues, row.disabledFamilies, ownJson, sectionsKey(this.ctx.sections, row)]);
    const hit = this.cache.get(key);
    if (hit?.render.ok && !inOverlay(hit.render.document)) return hit;
    const render = renderRow(row, this.ctx, own);
    const rendered = { render, hash: render.ok ? configHash(render.document) : null, ownJson };
    if (!hit) this.cache.set(key, rendered);
    return rendered;
  }
}
