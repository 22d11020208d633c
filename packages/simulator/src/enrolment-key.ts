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

/**
 * The tenant's enrolment key through the REST API, as an operator would read it in the console:
 * log in, find the tenant by name (a super admin sees every tenant), read its key.
 */
export async function fetchEnrolmentKey({ api, user, password, tenant }: KeyLookup): Promise<string> {
  const base = `${api.replace(/\/$/, '')}/api/v1/`;
  const login = await call<{ access?: string; two_factor_required?: boolean; user?: { tenantName: string | null } }>(`${base}auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password }),
  });
  if (!login.access) throw new Error(login.two_factor_required ? 'this account uses two-factor login: pass --key instead' : 'login failed');
  const headers = { authorization: `Bearer ${login.access}` };
  const own = login.user?.tenantName?.toLowerCase() === tenant.toLowerCase();
  // Only a super admin may list tenants; a tenant's own user reads the key of their tenant.
  const list = own ? { results: [] } : await call<{ results: { id: string; tenantname: string }[] }>(`${base}tenant/list/?page_size=0`, { headers });
  const found = list.results.find((t) => t.tenantname.toLowerCase() === tenant.toLowerCase());
  if (!found && !own) throw new Error(`no tenant named ${tenant} for ${user}`);
  const query = found ? `?tid=${encodeURIComponent(found.id)}` : '';
  const { enrolment_key } = await call<{ enrolment_key: string }>(`${base}tenant/enrolment-key/${query}`, { headers });
  return enrolment_key;
}
