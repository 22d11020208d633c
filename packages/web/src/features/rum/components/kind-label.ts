import type { RumSiteKind } from '@netloom/domain';

/** The RUM page's two tabs (spec 000 §2.13: app site, website) and what each calls its sites. */
export const KIND_LABEL: Record<RumSiteKind, string> = { app: 'App site', website: 'Website' };
