import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocketServer } from 'ws';
import { apiContractOf, planVulnProbes, wafVulnReportSchema, wafVulnTestInputSchema, type WafVulnJob } from '@netloom/domain';
import { SimulatedDevice } from './device';
import { fakeAgentServer, waitFor } from './fake-agent-server';
import { mulberry32 } from './prng';
import { WafPopBehaviour, wafPopProfile } from './waf-pop';

const input = wafVulnTestInputSchema.parse({
  application_id: '11111111-1111-4111-8111-111111111111',
  edge_id: '22222222-2222-4222-8222-222222222222',
  account_a: 'Bearer a-token-1',
  account_b: 'Bearer b-token-2',
});
const contract = apiContractOf({
  paths: {
    '/orders/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }] } },
    '/search': { get: { parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }] } },
    '/health': { get: {} },
  },
});
const job = (rate: number): WafVulnJob => ({
  application_id: input.application_id,
  origin: 'https://origin.example',
  host: 'shop.example',
  plan: planVulnProbes(contract, input),
  rate_per_s: rate,
  time_limit_s: 60,
  accounts: { a: { secret: 'Bearer a-token-1' }, b: { secret: 'Bearer b-token-2' } },
});

describe('a simulated POP’s vulnerability test over the device protocol', () => {
  let server: WebSocketServer;
  let device: SimulatedDevice | undefined;
  afterEach(async () => {
    await device?.stop();
    device = undefined;
    await new Promise((r) => server.close(r));
  });

  async function live() {
    const fake = await fakeAgentServer(() => 'ack');
    server = fake.server;
    const random = mulberry32(7);
    device = new SimulatedDevice({
      url: fake.url,
      enrolmentKey: 'key',
      behaviour: new WafPopBehaviour(wafPopProfile(random, 0), random),
      random,
      flowIntervalS: 0,
    });
    device.start();
    await waitFor('live', () => fake.connections[0]?.received.some((r) => r.message.type === 'heartbeat') ?? false);
    const connection = fake.connections[0]!;
    const answerOf = async (jobId: string) => {
      await waitFor('the job answered', () => connection.received.some((r) => r.message.type === 'job_result' && r.message.job_id === jobId), 10_000);
      return connection.received.find((r) => r.message.type === 'job_result' && r.message.job_id === jobId)!.message;
    };
    return { connection, answerOf };
  }

  it('tells its progress and answers the findings of its simulated application, never its accounts’ credentials', async () => {
    const { connection, answerOf } = await live();
    const jobId = crypto.randomUUID();
    const payload = job(10);
    connection.send({ type: 'job', job_id: jobId, kind: 'waf_vuln_test', payload });
    const answer = await answerOf(jobId);
    expect(answer.ok).toBe(true);
    const report = wafVulnReportSchema.parse(JSON.parse(String(answer.output)));
    expect(report.sent).toBe(payload.plan.length);
    expect(new Set(report.findings.map((f) => f.check))).toEqual(new Set(['bola', 'auth', 'injection', 'errors', 'headers']));
    expect(String(answer.output)).not.toContain('token-1');
    const progress = connection.messages<{ job_id: string; data: string }>('job_output').filter((m) => m.job_id === jobId);
    expect(progress.map((m) => JSON.parse(m.data) as unknown)).toEqual([{ sent: 5 }]);
  });

  it('stops when told, answering what it found so far', async () => {
    const { connection, answerOf } = await live();
    const jobId = crypto.randomUUID();
    connection.send({ type: 'job', job_id: jobId, kind: 'waf_vuln_test', payload: job(4) });
    await new Promise((r) => setTimeout(r, 600));
    connection.send({ type: 'job_stop', job_id: jobId, reason: 'Cancelled' });
    const report = wafVulnReportSchema.parse(JSON.parse(String((await answerOf(jobId)).output)));
    expect(report.stopped).toBe('stopped');
    expect(report.sent).toBeLessThan(job(4).plan.length);
  });
});
