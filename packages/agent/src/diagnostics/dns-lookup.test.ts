import { describe, expect, it } from 'vitest';
import { dnsParamsSchema } from '@netloom/domain';
import { dnsAnswer, digLines } from './dns-lookup';

describe("the agent's DNS lookup as the console shows it", () => {
  it("prints dig's sections with the records and their TTL", () => {
    const p = dnsParamsSchema.parse({ kind: 'dns', name: 'lab.example', resolver: '203.0.113.10' });
    const found = { status: 'NOERROR' as const, records: [{ ttl: 0, data: '203.0.113.10' }] };
    expect(digLines(p, '203.0.113.10', found, 3)).toEqual([
      '; <<>> @203.0.113.10 lab.example A',
      ';; ->>HEADER<<- opcode: QUERY, status: NOERROR, answers: 1',
      ';; QUESTION SECTION:',
      ';lab.example.\t\tIN\tA',
      '',
      ';; ANSWER SECTION:',
      'lab.example.\t0\tIN\tA\t203.0.113.10',
      '',
      ';; Query time: 3 msec',
      ';; SERVER: 203.0.113.10#53(203.0.113.10) (UDP)',
    ]);
    expect(dnsAnswer(found)).toEqual({ ok: true, output: '1 answer(s)' });
  });

  it('asks for the reverse name of an address, and fails on a name that does not exist', () => {
    const p = dnsParamsSchema.parse({ kind: 'dns', name: '203.0.113.10', record_type: 'PTR' });
    const none = { status: 'NXDOMAIN' as const, records: [] };
    expect(digLines(p, '127.0.0.53', none, 1)).toContain(';10.113.0.203.in-addr.arpa.\t\tIN\tPTR');
    expect(digLines(p, '127.0.0.53', none, 1)).not.toContain(';; ANSWER SECTION:');
    expect(dnsAnswer(none)).toEqual({ ok: false, output: 'NXDOMAIN' });
  });
});
