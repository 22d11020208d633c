import WebSocket from 'ws';
import type { APIRequestContext } from '@playwright/test';
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { DEMO_PASSWORD, demo } from './demo';

/**
 * Simulated devices for the fleet journeys: each one enrols with the tenant's enrolment key over
 * the real agent protocol (/agent/v1) and reports heartbeats, like a gateway or a ZTNA client.
 */

export interface OwnerApi {
  access: string;
  tenantId: string;
}

export async function ownerApi(request: APIRequestContext, email: string): Promise<OwnerApi> {
  const login = await request.post('/api/v1/auth/login/', { data: { username: email, password: DEMO_PASSWORD, remember: false } });
  if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
  const session = (await login.json()) as { access: string; user: { tenantId: string } };
  return { access: session.access, tenantId: session.user.tenantId };
}

async function enrolmentKey(request: APIRequestContext, owner: OwnerApi): Promise<string> {
  const res = await request.get('/api/v1/tenant/enrolment-key/', { headers: { Authorization: `Bearer ${owner.access}` } });
  if (!res.ok()) throw new Error(`enrolment key: ${res.status()}`);
  return ((await res.json()) as { enrolment_key: string }).enrolment_key;
}

export interface SimDeviceSpec {
  name: string;
  kind: 'gateway' | 'endpoint';
  user?: string;
  os?: string;
  status?: 'running' | 'connected';
  wan?: { name: string; status: 'up' | 'down' | 'unknown'; ifname: string; weight: number }[];
  location?: { name: string; lat: number; lng: number };
  publicIp?: string;
  vpnIp?: string;
  /** What kind of gateway it says it is ('waf-edge' serves protected applications). */
  deviceType?: string;
}

export class SimDevice {
  id = '';
  /** Snapshots set by the journey, by kind. */
  readonly statuses: Record<string, Record<string, unknown>> = {};
  /** What it runs, as its heartbeats report it. */
  configHash: string | null = null;
  /** The document it runs (its static routes are its routing table's, its web filter what an endpoint enforces). */
  document: {
    static_routes?: { destination: string; gateway: string; interface?: string; metric?: number; enabled?: boolean }[];
    web_filter?: { enabled: boolean; policies: { id: string; name: string }[]; user_groups: Record<string, string[]> };
  } | null = null;
  private seq = 0;
  private timer: NodeJS.Timeout | null = null;
  private constructor(
    private readonly ws: WebSocket,
    readonly spec: SimDeviceSpec,
  ) {}

  static async enrol(baseURL: string, key: string, spec: SimDeviceSpec): Promise<SimDevice> {
    const ws = new WebSocket(`${baseURL.replace(/^http/, 'ws')}/agent/v1`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const device = new SimDevice(ws, spec);
    const welcome = new Promise<{ device_id: string; state: string }>((resolve, reject) => {
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as { type: string; device_id: string; state: string };
        if (m.type === 'welcome') resolve(m);
      });
      ws.once('close', (code, reason) => reject(new Error(`agent closed ${code} ${reason.toString()}`)));
    });
    device.send({
      type: 'hello',
      protocol: 1,
      auth: { kind: 'enrol', enrolment_key: key },
      identity: {
        serial: `E2E-${crypto.randomUUID()}`,
        name: spec.name,
        kind: spec.kind,
        ...(spec.user ? { user: spec.user } : {}),
        ...(spec.deviceType ? { device_type: spec.deviceType } : {}),
      },
      model: spec.kind === 'gateway' ? 'NL-100' : 'MicroZAccess',
      os: spec.os ?? (spec.kind === 'gateway' ? 'NetloomOS' : 'windows'),
      version: '1.0.0',
    });
    // A configuration push is run whole and answered with the SHA-256 of its canonical JSON, as a gateway does.
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { type: string; job_id: string; kind: string; payload: { document?: unknown; kind?: string } };
      // Asked for a status snapshot: its routing table holds the static routes it runs.
      if (m.type === 'job' && m.kind === 'status') {
        const routes = (device.document?.static_routes ?? [])
          .filter((r) => r.enabled !== false)
          .map((r) => ({ destination: r.destination, gateway: r.gateway, interface: r.interface ?? 'lan1', metric: r.metric ?? 0, origin: 'static' }));
        const kind = m.payload.kind!;
        const snapshot =
          device.statuses[kind] ??
          (kind === 'bgp'
            ? { kind, local: null, entries: [] }
            : kind === 'url_filter'
              ? { kind, enabled: false, entries: [] }
              : { kind, entries: kind === 'routes' ? routes : [] });
        device.send({ type: 'status', job_id: m.job_id, at: new Date().toISOString(), snapshot });
        device.send({ type: 'job_result', job_id: m.job_id, ok: true, output: 'status sent' });
        return;
      }
      if (m.type !== 'job' || (m.kind !== 'apply_config' && m.kind !== 'full_sync')) return;
      device.document = m.payload.document as SimDevice['document'];
      device.configHash = createHash('sha256')
        .update(canonicalize(m.payload.document) ?? 'null')
        .digest('hex');
      device.send({ type: 'job_result', job_id: m.job_id, ok: true, output: 'applied', config_hash: device.configHash });
    });
    const w = await welcome;
    if (w.state !== 'approved') throw new Error('device not approved: is the tenant auto-approving?');
    device.id = w.device_id;
    device.heartbeat();
    // Keep reporting, like a real device, so offline detection never fires during a test.
    device.timer = setInterval(() => device.heartbeat(), 5_000);
    return device;
  }

  private send(message: Record<string, unknown>) {
    this.ws.send(JSON.stringify({ seq: ++this.seq, ...message }));
  }

  heartbeat(over: Partial<SimDeviceSpec> = {}) {
    const s = { ...this.spec, ...over };
    this.send({
      type: 'heartbeat',
      status: s.status ?? (s.kind === 'gateway' ? 'running' : 'connected'),
      wan: s.wan ?? (s.kind === 'gateway' ? [{ name: 'WAN1', status: 'up', ifname: 'eth0', weight: 1 }] : []),
      public_ip: s.publicIp ?? '203.0.113.10',
      ...(s.vpnIp ? { vpn_ip: s.vpnIp } : {}),
      location: s.location ?? { name: 'Chennai', lat: 13.08, lng: 80.27 },
      ...(s.user ? { user: s.user } : {}),
      ...(this.configHash ? { config_hash: this.configHash } : {}),
    });
  }

  /** A status snapshot it holds from now on: sent at once, unasked, and given whenever it is asked for that kind. */
  setStatus(snapshot: { kind: string } & Record<string, unknown>) {
    this.statuses[snapshot.kind] = snapshot;
    this.send({ type: 'status', at: new Date().toISOString(), snapshot });
  }

  /** Its WAN links from now on: reported at once and with every heartbeat after. */
  setWan(wan: NonNullable<SimDeviceSpec['wan']>) {
    this.spec.wan = wan;
    this.heartbeat();
  }

  /** Web requests it decided, as its web filter logs them: one url_events batch under its next seq. */
  reportUrlEvents(events: Record<string, unknown>[]) {
    this.send({ type: 'url_events', events });
  }

  /** A WAF edge's access and audit logs: one waf_events batch under its next seq. */
  reportWafEvents(batch: { requests?: Record<string, unknown>[]; attacks?: Record<string, unknown>[] }) {
    this.send({ type: 'waf_events', requests: batch.requests ?? [], attacks: batch.attacks ?? [] });
  }

  /** A goodbye (normal closure): the server marks the device offline at once. */
  async goodbye(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.ws.readyState === WebSocket.CLOSED) return;
    const closed = new Promise<void>((resolve) => this.ws.once('close', () => resolve()));
    this.ws.close(1000);
    await closed;
  }
}

/** A tenant's simulated fleet; `remove` takes the devices out of the inventory again. */
export class SimFleet {
  readonly devices: SimDevice[] = [];
  private key = '';

  constructor(
    private readonly request: APIRequestContext,
    private readonly baseURL: string,
    private readonly owner: OwnerApi,
  ) {}

  async add(spec: SimDeviceSpec): Promise<SimDevice> {
    this.key ||= await enrolmentKey(this.request, this.owner);
    const device = await SimDevice.enrol(this.baseURL, this.key, spec);
    this.devices.push(device);
    return device;
  }

  /** Other journeys expect an empty tenant: unclaim every device this fleet enrolled. */
  async remove(): Promise<void> {
    for (const d of this.devices) {
      await d.goodbye();
      await this.request.post(`/api/v1/device/${d.id}/unclaim/`, { headers: { Authorization: `Bearer ${this.owner.access}` }, data: {} });
    }
    this.devices.length = 0;
  }
}

/**
 * The super admin grants a tenant one more subscription for a journey; the answer puts the
 * tenant's subscriptions back as they were (call it in the journey's `finally`).
 */
export async function grantSubscription(request: APIRequestContext, tenantId: string, subscription: string): Promise<() => Promise<void>> {
  const superAdmin = await ownerApi(request, demo.superAdmin);
  const headers = { Authorization: `Bearer ${superAdmin.access}` };
  const tenantUrl = `/api/v1/tenant/${tenantId}/`;
  const before = ((await (await request.get(tenantUrl, { headers })).json()) as { subscriptions: string[] }).subscriptions;
  const granted = await request.put(tenantUrl, { headers, data: { subscriptions: [...before.filter((s) => s !== subscription), subscription] } });
  if (!granted.ok()) throw new Error(`granting ${subscription} failed: ${granted.status()} ${await granted.text()}`);
  return async () => {
    await request.put(tenantUrl, { headers, data: { subscriptions: before } });
  };
}
