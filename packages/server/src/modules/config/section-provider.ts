import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** A device as a section provider renders it. */
export interface SectionTarget {
  id: string;
  name: string;
  kind: 'gateway' | 'endpoint';
  /** What kind of gateway it said it is ('app-connector', 'waf-edge'); null: a plain one. */
  deviceType: string | null;
  networkId: string | null;
}

/**
 * A product that owns part of every device's document (the web filter, zero trust, a WAF edge…):
 * registered in the composition root, it tells the configuration engine how to load what its
 * sections are made of for a tenant, render them for one device, and find the devices that lack
 * them. The engine knows no provider by name: a new product adds one and changes no configuration
 * file. A product's change renders the devices it touches again through the engine's `recommit`,
 * with the provider's name as the revisions' source.
 */
export interface SectionProvider<Context = unknown> {
  /** Lower snake case; the source of the revisions its changes make. */
  readonly name: string;
  /** The document's top-level keys it makes: server-made, never templated, edited or imported. */
  readonly sections: readonly string[];
  /** The tenant's context for rendering these devices; null when the tenant has none of the product (its devices get none of its sections). */
  load(db: Db, tenantId: string, devices: readonly SectionTarget[]): Promise<Context | null>;
  /** Its sections of one device's document, by key (nothing: null or {}). */
  render(context: Context, device: SectionTarget): Readonly<Record<string, unknown>> | null;
  /** What the device's sections depend on within one context: devices with equal keys get equal sections, rendered once. */
  cacheKey(context: Context, device: SectionTarget): unknown;
  /**
   * Devices that lack its sections or hold outdated ones (enrolled, approved or moved since the
   * last change), as a condition on `device` (the devices row) and `document` (the newest
   * revision's document, null before the first): what reconciliation renders again.
   */
  stale?(on: { device: SQL; document: SQL }): SQL;
  /** The product's change lock, taken first in a reconciliation's transaction, so its revisions follow its changes' order. */
  lock?(tx: Db, tenantId: string): Promise<unknown>;
  /** The revisions' message when reconciliation gives devices their sections. */
  readonly reconcileMessage?: string;
}

/** Each provider with its tenant context, loaded once for a render of many devices. */
export type LoadedSections = readonly { provider: SectionProvider; context: unknown }[];

export async function loadSections(
  db: Db,
  providers: readonly SectionProvider[],
  tenantId: string,
  devices: readonly SectionTarget[],
): Promise<LoadedSections> {
  const contexts = await Promise.all(providers.map((p) => p.load(db, tenantId, devices)));
  return providers.flatMap((provider, i) => (contexts[i] === null ? [] : [{ provider, context: contexts[i] }]));
}

/** The providers' sections of one device's document. */
export function sectionsFor(loaded: LoadedSections, device: SectionTarget): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { provider, context } of loaded) Object.assign(out, provider.render(context, device) ?? {});
  return out;
}

/** What the providers' sections of a device depend on, in one value. */
export const sectionsKey = (loaded: LoadedSections, device: SectionTarget): unknown[] =>
  loaded.map(({ provider, context }) => [provider.name, provider.cacheKey(context, device)]);
