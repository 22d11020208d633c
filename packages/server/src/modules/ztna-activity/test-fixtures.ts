import { expect } from 'vitest';
import type { TestAgent } from '../../test/agent-client';
import type { ZtnaWorld } from '../ztna/test-fixtures';

/** A device of an organisation that is live on its websocket (approved now if the organisation does not approve by itself). */
export async function liveDevice(
  w: ZtnaWorld,
  key: string,
  identity: { serial: string; kind?: 'endpoint' | 'gateway'; user?: string },
  who = 'owner@acme.test',
): Promise<{ agent: TestAgent; id: string }> {
  const { agent, welcome, closed } = await w.hello(key, identity);
  expect(closed, JSON.stringify(closed)).toBeUndefined();
  const id = welcome!.device_id;
  if (welcome!.state !== 'approved') {
    const approved = await w.call('POST', `device/${id}/approve/`, undefined, who);
    expect(approved.statusCode, approved.body).toBe(200);
    await agent.next('approved');
  }
  return { agent, id };
}
