import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, login, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';

/** What the zero-trust tests share: the organisations' people signed in, calls as one of them, devices on a real websocket. */
export interface ZtnaWorld {
  t: TestApp;
  acme: { tenantId: string; key: string };
  globex: { tenantId: string; key: string };
  call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: unknown, who?: string, tenant?: string): Promise<LightMyRequestResponse>;
  /** A device that says hello with a key; answers its welcome (or how it was sent away). */
  hello(
    key: string,
    identity: { serial: string; kind?: 'endpoint' | 'gateway'; user?: string; name?: string; device_type?: string },
    os?: string,
    /** More of the hello: what an endpoint reports of itself (posture, public_ip). */
    extra?: Record<string, unknown>,
  ): Promise<{ agent: TestAgent; welcome?: { device_id: string; state: string; credential?: { secret: string } }; closed?: { code: number; reason: string } }>;
  agents: TestAgent[];
}

export async function ztnaWorld(t: TestApp): Promise<ZtnaWorld> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const acme = await enrolmentKey(t.app, 'Acme');
  const globex = await enrolmentKey(t.app, 'Globex');
  const tokens: Record<string, string> = {};
  for (const who of ['owner@acme.test', 'admin@acme.test', 'editor@acme.test', 'viewer@acme.test', 'owner@globex.test'])
    tokens[who] = (await login(t.app, who)).access;
  const agents: TestAgent[] = [];
  return {
    t,
    acme,
    globex,
    agents,
    call: (method, path, payload, who = 'owner@acme.test', tenant = who.endsWith('@globex.test') ? globex.tenantId : acme.tenantId) =>
      t.app.inject({
        method,
        url: `/api/v1/${path}${path.includes('?') ? '&' : '?'}tenant_id=${tenant}`,
        headers: bearer(tokens[who]!),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    hello: async (key, identity, os = 'Windows 11', extra = {}) => {
      const agent = await TestAgent.connect(t.app);
      agents.push(agent);
      agent.send({
        type: 'hello',
        protocol: 1,
        auth: { kind: 'enrol', enrolment_key: key },
        identity: { name: identity.serial.toLowerCase(), kind: 'endpoint', ...identity },
        model: 'MicroZAccess',
        os,
        version: '2.1.12',
        ...extra,
      });
      const outcome = await Promise.race([agent.next('welcome').then((w) => ({ welcome: w })), agent.closed.then((c) => ({ closed: c }))]);
      return { agent, ...(outcome as object) };
    },
  };
}

/** Applies a pushed configuration as a device does; answers the document. */
export async function applyNext(agent: TestAgent): Promise<Record<string, unknown>> {
  const job = (await agent.next('job', 10_000)) as { job_id: string; kind: string; payload: { document: Record<string, unknown>; config_hash: string } };
  expect(job.kind).toBe('apply_config');
  agent.send({ type: 'job_result', job_id: job.job_id, ok: true, output: 'applied', config_hash: job.payload.config_hash });
  await agent.next('ack');
  return job.payload.document;
}

export const server = (over: Record<string, unknown> = {}) => ({
  name: 'Git',
  address: 'git.corp.example',
  ports: [{ protocol: 'tcp', ports: ['443', '22'] }],
  site: 'HQ',
  ...over,
});

export const policy = (over: Record<string, unknown> = {}) => ({
  name: 'Engineers to Git',
  action: 'allow',
  sources: { everyone: true },
  destinations: { servers: [] },
  ...over,
});
