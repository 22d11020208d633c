import { redactMatchedData, wafCategoryOf, type WafAttack, type WafRequest } from '@netloom/domain';
import type { FlowSource } from './enrich';
import type { WafAttackToStore, WafRequestToStore } from './store';
import type { CountryLookup } from './geoip';

/** Whose a record is: the organisation of the application it names, when the edge serves it; the edge's own otherwise. */
const tenantOf = (applicationId: string | null, source: FlowSource) =>
  (applicationId !== null ? source.applicationTenants?.get(applicationId) : undefined) ?? source.tenantId;

export function wafRequestToStore(request: WafRequest, source: FlowSource, geo: CountryLookup): WafRequestToStore {
  return {
    tenantId: tenantOf(request.application_id, source),
    deviceId: source.id,
    at: new Date(request.at),
    country: geo.country(request.client_ip),
    request,
  };
}

/** The edge redacts matched data already; it is redacted again here, so an older or careless edge cannot store a secret. */
export function wafAttackToStore(attack: WafAttack, source: FlowSource, geo: CountryLookup, seq: number, n: number): WafAttackToStore {
  const rules = attack.rules.map((r) => ({ ...r, data: redactMatchedData(r.data) }));
  return {
    tenantId: tenantOf(attack.application_id, source),
    deviceId: source.id,
    at: new Date(attack.at),
    seq,
    n,
    country: geo.country(attack.client_ip),
    category: wafCategoryOf(attack),
    attack: { ...attack, rules },
  };
}

export const wafRequestRowOf = (r: WafRequestToStore) => ({
  tenant_id: r.tenantId,
  device_id: r.deviceId,
  application_id: r.request.application_id,
  at: r.at.toISOString(),
  request_id: r.request.request_id,
  host: r.request.host,
  client_ip: r.request.client_ip,
  country: r.country,
  method: r.request.method,
  path: r.request.path,
  status: r.request.status,
  bytes: r.request.bytes,
  elapsed_ms: r.request.elapsed_ms,
  user_agent: r.request.user_agent,
  accept_language: r.request.accept_language ?? null,
  accept_encoding: r.request.accept_encoding ?? null,
  sec_ch_ua: r.request.sec_ch_ua ?? null,
  api_key: r.request.api_key ?? null,
  bot_class: r.request.bot_class ?? null,
  // An edge that logs the headers says so with the fields (null: the client sent none); an older edge leaves them out.
  headers_logged: r.request.accept_language !== undefined,
  graphql: r.request.graphql ?? null,
  login: r.request.login ?? null,
});

export const wafAttackRowOf = (a: WafAttackToStore) => ({
  tenant_id: a.tenantId,
  device_id: a.deviceId,
  application_id: a.attack.application_id,
  at: a.at.toISOString(),
  seq: a.seq,
  n: a.n,
  request_id: a.attack.request_id,
  host: a.attack.host,
  client_ip: a.attack.client_ip,
  country: a.country,
  method: a.attack.method,
  path: a.attack.path,
  status: a.attack.status,
  action: a.attack.action,
  category: a.category,
  anomaly_score: a.attack.anomaly_score,
  rule_ids: a.attack.rules.map((r) => r.id),
  rules: a.attack.rules,
  user_agent: a.attack.user_agent,
});
