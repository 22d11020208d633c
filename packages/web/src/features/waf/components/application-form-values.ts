import type { WafApplication, WafApplicationInput } from '@netloom/domain';

export interface ApplicationFormValues {
  name: string;
  domains: string[];
  origins: { url: string; weight: number }[];
  health_check: { path: string; interval_s: number };
  tls_mode: WafApplicationInput['tls_mode'];
  certificate: string;
  key: string;
  edge_ids: string[];
  api: boolean;
}

export const EMPTY_APPLICATION: ApplicationFormValues = {
  name: '',
  domains: [],
  origins: [{ url: '', weight: 1 }],
  health_check: { path: '/', interval_s: 30 },
  tls_mode: 'none',
  certificate: '',
  key: '',
  edge_ids: [],
  api: false,
};

export function applicationFormValues(app: WafApplication): ApplicationFormValues {
  return {
    name: app.name,
    domains: app.domains,
    origins: app.origins.map((o) => ({ url: o.url, weight: o.weight })),
    health_check: app.health_check,
    tls_mode: app.tls_mode,
    // The server never gives the key back: left empty, a change keeps the certificate it has.
    certificate: '',
    key: '',
    edge_ids: app.edge_ids,
    api: app.api,
  };
}

/** What the form sends: the PEM texts only for an upload, and only when given. */
export function applicationInput(v: ApplicationFormValues): unknown {
  const upload = v.tls_mode === 'upload';
  return {
    name: v.name,
    domains: v.domains,
    origins: v.origins,
    health_check: v.health_check,
    tls_mode: v.tls_mode,
    certificate: upload && v.certificate.trim() ? v.certificate : undefined,
    key: upload && v.key.trim() ? v.key : undefined,
    edge_ids: v.edge_ids,
    api: v.api,
  };
}
