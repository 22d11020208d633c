import { ZTNA_PATHS } from '@netloom/domain';

export interface KeyLookup {
  /** Base URL of the console, e.g. http://127.0.0.1:8080 */
  api: string;
  user: string;
  password: string;
  tenant: string;
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const body = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${body.slice(0, 200)}`);
  return JSON.parse(body) as T;
}

/** A signed-in console user acting on one tenant through the REST API, as an operator would in the console. */
export interface TenantApi {
  /** The tenant's enrolment key. */
  enrolmentKey(): Promise<string>;
  /** Makes an enrolled gateway the app connector of a site (onboarding › app connectors). */
  registerConnector(deviceId: string, site: string): Promise<void>;
}

/**
 * Logs in and finds the tenant: by name (a super admin sees every tenant), or, without a name or
 * with the user's own tenant's, the user's own tenant.
 */
export async function tenantApi({ api, user, password, tenant }: Omit<KeyLookup, 'tenant'> & { tenant?: string }): Promise<TenantApi> {
  const base = `${api.replace(/\/$/, '')}/api/v1/`;
  const login = await call<{ access?: string; two_factor_required?: boolean; user?: { tenantName: string | null } }>(`${base}auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password }),
  });
  if (!login.access) throw new Error(login.two_factor_required ? 'this account uses two-factor login: pass --key instead' : 'login failed');
  const headers = { authorization: `Bearer ${login.access}`, 'content-type': 'application/json' };
  const own = !tenant || login.user?.tenantName?.toLowerCase() === tenant.toLowerCase();
  // Only a super admin may list tenants; a tenant's own user acts on their tenant.
  const list = own ? { results: [] } : await call<{ results: { id: string; tenantname: string }[] }>(`${base}tenant/list/?page_size=0`, { headers });
  const found = list.results.find((t) => t.tenantname.toLowerCase() === tenant?.toLowerCase());
  if (!found && !own) throw new Error(`no tenant named ${tenant} for ${user}`);
  const id = found ? encodeURIComponent(found.id) : null;
  return {
    enrolmentKey: async () => (await call<{ enrolment_key: string }>(`${base}tenant/enrolment-key/${id ? `?tid=${id}` : ''}`, { headers })).enrolment_key,
    registerConnector: async (deviceId, site) => {
      await call(`${base}${ZTNA_PATHS.connectors}${id ? `?tenant_id=${id}` : ''}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ device_id: deviceId, site }),
      });
    },
  };
}

/** The tenant's enrolment key through the REST API, as an operator would read it in the console. */
export async function fetchEnrolmentKey(lookup: KeyLookup): Promise<string> {
  return (await tenantApi(lookup)).enrolmentKey();
}
