import {
  ztnaServerSchema,
  type DemAffectedUsers,
  type DemAlarms,
  type DemApplication,
  type DemOverview,
  type DemScores,
  type DemTimeseries,
  type ZtnaServer,
} from '@netloom/domain';
import { fakeApi, pageOf, type ApiCall } from '@/test/fake-api';

/** Test data and a fake server for the DEM pages (tests only). */
export const APP_ID = 'd0e00000-0000-4000-8000-000000000001';
export const SERVER_ID = 'd0e00000-0000-4000-8000-0000000000f1';
export const DEVICE_ID = 'd0e00000-0000-4000-8000-0000000000d1';

export function demApplication(over: Partial<DemApplication> = {}): DemApplication {
  return {
    id: APP_ID,
    name: 'Office 365',
    kind: 'saas',
    target: { url: 'https://outlook.office.com/' },
    tests: { http: true, path: true, availability: true },
    interval_seconds: 300,
    thresholds: { alarm_score: 70 },
    created_at: '2026-11-30T10:00:00Z',
    updated_at: '2026-11-30T10:00:00Z',
    ...over,
  };
}

const ztnaServer: ZtnaServer = ztnaServerSchema.parse({
  id: SERVER_ID,
  name: 'intranet',
  address: 'intranet.corp.local',
  ports: [{ protocol: 'tcp', ports: ['443'] }],
  site: 'hq',
});

const overview: DemOverview = {
  score: 64.2,
  applications: [{ id: APP_ID, name: 'Office 365', score: 64.2, availability: 99.5, p50_total_ms: 920, samples: 120, worst_component: 'wifi', trend: -12.4 }],
  users_affected_now: 1,
};

const affected: DemAffectedUsers = {
  results: [
    {
      user: 'alice@acme.test',
      device_id: DEVICE_ID,
      device_name: 'alice-laptop',
      application: { id: APP_ID, name: 'Office 365' },
      score: 38,
      worst_component: 'wifi',
      cause: 'wifi',
      since: '2026-11-30T09:40:00Z',
    },
  ],
};

const scoresBy = (by: string): DemScores => ({
  results:
    by === 'application'
      ? [{ key: APP_ID, label: 'Office 365', score: 64.2, samples: 120, worst_component: 'wifi', components: { dns: 95, ttfb: 88, wifi: 22, latency: 70 } }]
      : [{ key: 'alice@acme.test', label: 'alice@acme.test', score: 38, samples: 40, worst_component: 'wifi', components: { dns: 95, wifi: 5 } }],
});

const timeseries: DemTimeseries = {
  step_seconds: 300,
  points: [
    {
      at: '2026-11-30T09:00:00Z',
      score: 80,
      dns_ms: 12,
      connect_ms: 20,
      tls_ms: 40,
      ttfb_ms: 200,
      total_ms: 600,
      loss: 0,
      latency_ms: 20,
      wifi_signal_dbm: -55,
    },
    {
      at: '2026-11-30T09:05:00Z',
      score: 40,
      dns_ms: 14,
      connect_ms: 60,
      tls_ms: 90,
      ttfb_ms: 260,
      total_ms: 1400,
      loss: 3,
      latency_ms: 120,
      wifi_signal_dbm: -79,
    },
  ],
};

const alarms: DemAlarms = {
  results: [
    {
      id: 'd0e00000-0000-4000-8000-0000000000a2',
      application_id: APP_ID,
      application: 'Office 365',
      device_id: DEVICE_ID,
      device_name: 'alice-laptop',
      user: 'alice@acme.test',
      state: 'OK',
      score: 86,
      threshold: 70,
      cause: null,
      at: '2026-11-30T10:10:00Z',
    },
    {
      id: 'd0e00000-0000-4000-8000-0000000000a1',
      application_id: APP_ID,
      application: 'Office 365',
      device_id: DEVICE_ID,
      device_name: 'alice-laptop',
      user: 'alice@acme.test',
      state: 'Alerting',
      score: 38.4,
      threshold: 70,
      cause: 'wifi',
      at: '2026-11-30T09:40:00Z',
    },
  ],
};

/** Answers the DEM reads from `state`, keeps created applications; `answer` overrides one call. */
export function fakeDemApi(state: { applications?: DemApplication[]; answer?: (c: ApiCall) => Response | undefined } = {}) {
  const applications = state.applications ?? [demApplication()];
  return fakeApi(
    {
      'GET dem/applications/': () => pageOf(applications),
      'POST dem/applications/': (c) => {
        const created = demApplication({ ...(c.body as Partial<DemApplication>), id: 'd0e00000-0000-4000-8000-000000000002' });
        applications.push(created);
        return created;
      },
      'GET tenant/ztna/servers/': () => [ztnaServer],
      'GET dem/overview/': () => overview,
      'GET dem/affected-users/': () => affected,
      'GET dem/scores/': (c) => scoresBy(c.query.get('by') ?? 'application'),
      'GET dem/timeseries/': () => timeseries,
      'GET dem/results/': () => pageOf([]),
      'GET dem/alarms/': () => alarms,
    },
    (c) => {
      const own = state.answer?.(c);
      if (own) return own;
      const id = /^dem\/applications\/([^/]+)\/$/.exec(c.path)?.[1];
      if (!id || c.method === 'GET') return undefined;
      const i = applications.findIndex((a) => a.id === id);
      if (c.method === 'DELETE') {
        applications.splice(i, 1);
        return new Response(null, { status: 204 });
      }
      applications[i] = { ...applications[i]!, ...(c.body as Partial<DemApplication>) };
      return new Response(JSON.stringify(applications[i]), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  );
}
