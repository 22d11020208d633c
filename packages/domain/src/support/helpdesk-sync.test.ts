import { describe, expect, it } from 'vitest';
import { externalDescription } from './helpdesk-description';
import { externalSyncText, helpdeskRetryDelayMs, type TicketExternal } from './helpdesk-sync';

describe('calling a helpdesk again after a failure', () => {
  const outage = { retryable: true, retryAfterMs: null };

  it('waits 30 s, then twice as long each time, never more than 30 minutes', () => {
    expect([1, 2, 3, 4].map((n) => helpdeskRetryDelayMs(n, outage))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(helpdeskRetryDelayMs(40, outage)).toBe(30 * 60_000);
  });

  it("waits at least what the helpdesk's Retry-After asked", () => {
    expect(helpdeskRetryDelayMs(1, { retryable: true, retryAfterMs: 90_000 })).toBe(90_000);
    expect(helpdeskRetryDelayMs(5, { retryable: true, retryAfterMs: 1_000 })).toBe(480_000);
  });

  it('waits 15 minutes after a refusal, since an admin has to mend the credentials first, and still tries again', () => {
    expect(helpdeskRetryDelayMs(1, { retryable: false, retryAfterMs: null })).toBe(15 * 60_000);
    expect(helpdeskRetryDelayMs(10, { retryable: false, retryAfterMs: null })).toBe(30 * 60_000);
  });
});

describe("a ticket's standing with its helpdesk, in words", () => {
  const base: TicketExternal = {
    helpdesk: 'zendesk',
    label: 'Zendesk',
    reference: null,
    state: 'sending',
    error: null,
    next_attempt_at: null,
    synced_at: null,
  };

  it('names the helpdesk and its number once the ticket is there', () => {
    expect(externalSyncText({ ...base, state: 'sent', reference: '1042' })).toBe('In Zendesk as 1042');
  });

  it('says why it is not there yet and when Netloom tries again', () => {
    expect(externalSyncText({ ...base, error: 'Zendesk is unavailable (HTTP 503)', next_attempt_at: '2026-11-30T10:15:00.000Z' })).toBe(
      'Waiting to reach Zendesk: Zendesk is unavailable (HTTP 503). Netloom tries again at 10:15 UTC.',
    );
    expect(externalSyncText(base)).toBe('Being sent to Zendesk…');
    expect(
      externalSyncText({ ...base, state: 'sent', reference: '1042', error: 'Zendesk asked to slow down', next_attempt_at: '2026-11-30T10:15:00.000Z' }),
    ).toBe('In Zendesk as 1042. Its replies could not be read: Zendesk asked to slow down. Netloom tries again at 10:15 UTC.');
  });
});

describe('the ticket as the helpdesk receives it', () => {
  it("carries the customer's words, then the device's context, the browser and how many files stay in Netloom", () => {
    const text = externalDescription(
      {
        number: 7,
        description: 'The branch is offline.',
        product: 'sdwan',
        category: 'incident',
        tenantName: 'Acme',
        context: {
          device: {
            id: 'd1',
            name: 'Branch 1',
            serial: 'NL-1',
            model: 'NL-Edge 100',
            firmware: '1.4.2',
            status: 'offline',
            sync_state: 'synced',
            revision: 3,
            recent_alarms: [{ time: '2026-11-30T09:00:00Z', status: 'active', kind: 'device', alarm: 'Device offline' }],
          },
          browser: 'Firefox',
          console_version: '1.2.0',
        },
      },
      2,
    );
    expect(text.split('\n')).toEqual([
      'The branch is offline.',
      '',
      '---',
      'Netloom ticket #7 · Acme · product sdwan · incident',
      'Device: Branch 1 (serial NL-1), NL-Edge 100, firmware 1.4.2',
      'Status: offline; configuration synced, revision 3',
      'Alarm 2026-11-30T09:00:00Z: active device – Device offline',
      'Browser: Firefox',
      'Console: 1.2.0',
      '2 files attached in Netloom.',
    ]);
  });
});
