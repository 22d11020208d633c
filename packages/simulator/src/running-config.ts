import { configDocumentSchema, configHash, type ConfigDocument } from '@netloom/domain';

/** What this simulated gateway model can hold beyond what the schema allows: a real router's table sizes. */
/** Table sizes of the gateway model; urlRules: its URL filter's table, blocked and allowed URLs together. */
export const MODEL_LIMITS = { staticRoutes: 64, qosClasses: 16, vrrpGroups: 8, urlRules: 512 } as const;

export type ApplyOutcome = { ok: true; hash: string; document: ConfigDocument | null } | { ok: false; error: string };

/**
 * A configuration push as a router takes it: checked with the very schemas the console and the
 * server use, refused with a readable error (field path and message) when it does not hold or
 * does not fit this model (its table sizes, the hardware `cannotRun` says it lacks), and otherwise
 * run whole. A push that names only a hash (an older
 * server) is taken at its word.
 */
export function applyConfig(payload: Record<string, unknown>, cannotRun?: (doc: ConfigDocument) => string | null): ApplyOutcome {
  const named = typeof payload.config_hash === 'string' ? payload.config_hash : null;
  if (payload.document === undefined) return named ? { ok: true, hash: named, document: null } : { ok: false, error: 'no configuration in the job' };
  const parsed = configDocumentSchema.safeParse(payload.document);
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((i) => `${i.path.join('.') || 'document'}: ${i.message}`).join('; ') };
  const routes = parsed.data.static_routes?.length ?? 0;
  if (routes > MODEL_LIMITS.staticRoutes) {
    return { ok: false, error: `static_routes: this gateway holds at most ${MODEL_LIMITS.staticRoutes} static routes (${routes} given)` };
  }
  const classes = parsed.data.qos?.classes.length ?? 0;
  if (classes > MODEL_LIMITS.qosClasses) {
    return { ok: false, error: `qos.classes: this gateway holds at most ${MODEL_LIMITS.qosClasses} QoS classes (${classes} given)` };
  }
  const groups = parsed.data.vrrp?.groups.length ?? 0;
  if (groups > MODEL_LIMITS.vrrpGroups) {
    return { ok: false, error: `vrrp.groups: this gateway runs at most ${MODEL_LIMITS.vrrpGroups} VRRP groups (${groups} given)` };
  }
  const urls = (parsed.data.content_filter?.blocked_urls.length ?? 0) + (parsed.data.content_filter?.allowed_urls.length ?? 0);
  if (urls > MODEL_LIMITS.urlRules) {
    return { ok: false, error: `content_filter: this gateway holds at most ${MODEL_LIMITS.urlRules} URL rules, blocked and allowed together (${urls} given)` };
  }
  const refusal = cannotRun?.(parsed.data);
  if (refusal) return { ok: false, error: refusal };
  const hash = configHash(parsed.data);
  if (named && named !== hash) return { ok: false, error: `the document does not match its hash (${named})` };
  return { ok: true, hash, document: parsed.data };
}
