import { describe, expect, it } from 'vitest';
import { newNdrTriage, ndrTriage, ndrTriageOnEvidence, type NdrTriage } from './triage';
import { ndrSuppresses } from './suppression';
import { GATEWAY } from './test-fixtures';

const detection = { rule_id: 'ndr.beaconing', host: { ip: '10.0.0.31', device_id: GATEWAY }, peer: '185.220.101.4' };
const AT = '2025-03-03T10:00:00.000Z';
const LATER = '2025-03-04T10:00:00.000Z';
const fresh = newNdrTriage('2025-03-03T09:00:00.000Z');
const act = (current: NdrTriage, action: Parameters<typeof ndrTriage>[2]) => ndrTriage(detection, current, action, 'ana@example.com', AT);
const status = (current: NdrTriage, action: Parameters<typeof ndrTriage>[2]) => {
  const r = act(current, action);
  return r.ok ? r.triage.status : r.code;
};

describe('triage', () => {
  it('goes new → acknowledged → resolved, saying who and when, and repeating a step is harmless', () => {
    const acked = act(fresh, { type: 'acknowledge', note: 'looking' });
    expect(acked).toMatchObject({ ok: true, triage: { status: 'acknowledged', updated_by: 'ana@example.com', updated_at: AT, note: 'looking' } });
    const ack = acked.ok ? acked.triage : fresh;
    expect(status(ack, { type: 'acknowledge' })).toBe('acknowledged');
    expect(status(ack, { type: 'resolve' })).toBe('resolved');
    expect(status(fresh, { type: 'resolve' })).toBe('resolved');
  });

  it('refuses to acknowledge what is resolved or a false positive, and to reopen what is open', () => {
    const resolved = { ...fresh, status: 'resolved' as const };
    const fp = { ...fresh, status: 'false_positive' as const };
    expect(status(resolved, { type: 'acknowledge' })).toBe('ndr_triage_not_allowed');
    expect(status(fp, { type: 'resolve' })).toBe('ndr_triage_not_allowed');
    expect(status(fresh, { type: 'reopen' })).toBe('ndr_triage_not_allowed');
    const refused = act(fp, { type: 'acknowledge' });
    expect(refused.ok ? '' : refused.message).toBe('A detection that is a false positive cannot be acknowledged.');
  });

  it('assigns and unassigns in any state without changing it', () => {
    const r = act({ ...fresh, status: 'acknowledged' }, { type: 'assign', assignee: 'bob@example.com' });
    expect(r).toMatchObject({ ok: true, triage: { status: 'acknowledged', assignee: 'bob@example.com' } });
    expect(act(r.ok ? r.triage : fresh, { type: 'assign', assignee: null })).toMatchObject({ triage: { assignee: null } });
  });

  it('turns a false positive into a suppression of the rule for the host and peer, or the whole host, once', () => {
    const r = act(fresh, { type: 'false_positive', note: 'our monitoring', scope: 'peer' });
    expect(r).toMatchObject({
      ok: true,
      triage: { status: 'false_positive' },
      suppression: {
        rule_id: 'ndr.beaconing',
        host_ip: '10.0.0.31',
        peer: '185.220.101.4',
        created_by: 'ana@example.com',
        reason: 'our monitoring',
        expires_at: null,
      },
    });
    const s = r.ok ? r.suppression! : null!;
    expect(ndrSuppresses(s, { ...detection, last_seen: LATER })).toBe(true);
    expect(ndrSuppresses(s, { ...detection, peer: '45.9.148.3', last_seen: LATER })).toBe(false);
    const wide = act(fresh, { type: 'false_positive', scope: 'host' });
    expect(wide.ok && wide.suppression!.peer).toBeNull();
    expect(act(r.ok ? r.triage : fresh, { type: 'false_positive' })).not.toHaveProperty('suppression');
  });

  it('reopens a resolved detection on new evidence, never a false positive; by hand, a false positive’s suppression is lifted', () => {
    const resolved = { ...fresh, status: 'resolved' as const };
    expect(ndrTriageOnEvidence(resolved, LATER)).toEqual({
      triage: { ...resolved, status: 'new', updated_at: LATER, updated_by: null, reopened: 1 },
      reopened: true,
    });
    const fp = { ...fresh, status: 'false_positive' as const };
    expect(ndrTriageOnEvidence(fp, LATER)).toEqual({ triage: fp, reopened: false });
    expect(ndrTriageOnEvidence({ ...fresh, status: 'acknowledged' }, LATER).reopened).toBe(false);
    expect(act(fp, { type: 'reopen' })).toMatchObject({ ok: true, triage: { status: 'new', reopened: 1 }, liftSuppression: true });
    expect(act(resolved, { type: 'reopen' })).not.toHaveProperty('liftSuppression');
  });
});
