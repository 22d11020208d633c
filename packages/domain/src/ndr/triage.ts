import { z } from 'zod';
import { storableText } from '../validators/storable-text';
import type { NdrDetection } from './detection';
import type { NdrSuppression } from './suppression';

/**
 * Triage of a detection: new → acknowledged → resolved, and from anywhere a false positive. A
 * false positive tunes the rule: it leaves a suppression of that rule for that host (and that
 * peer, where the rule names one), so the rule stays silent there. New evidence reopens a
 * resolved detection, never a false positive (the suppression keeps it silent anyway). Someone
 * may reopen either by hand; reopening a false positive lifts its suppression.
 */
export const NDR_TRIAGE_STATUSES = ['new', 'acknowledged', 'resolved', 'false_positive'] as const;
export type NdrTriageStatus = (typeof NDR_TRIAGE_STATUSES)[number];

export const ndrTriageSchema = z.object({
  status: z.enum(NDR_TRIAGE_STATUSES),
  assignee: storableText().max(254).nullable(),
  updated_at: z.iso.datetime(),
  updated_by: storableText().max(254).nullable(),
  /** Times new evidence or a person reopened it. */
  reopened: z.number().int().min(0),
  note: storableText().max(1000).default(''),
});
export type NdrTriage = z.infer<typeof ndrTriageSchema>;

const note = storableText().trim().max(1000).default('');
export const ndrTriageActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('acknowledge'), note }),
  z.object({ type: z.literal('resolve'), note }),
  z.object({
    type: z.literal('false_positive'),
    note,
    /** Silence the rule for the host and this detection's peer only (the default), or for every peer of the host. */
    scope: z.enum(['peer', 'host']).default('peer'),
  }),
  z.object({ type: z.literal('assign'), assignee: storableText().trim().min(1).max(254).nullable() }),
  z.object({ type: z.literal('reopen'), note }),
]);
export type NdrTriageAction = z.input<typeof ndrTriageActionSchema>;

export const newNdrTriage = (at: string): NdrTriage => ({ status: 'new', assignee: null, updated_at: at, updated_by: null, reopened: 0, note: '' });

export type NdrTriageResult =
  | {
      ok: true;
      triage: NdrTriage;
      /** A false positive's: what the server stores and passes to the rule. */
      suppression?: NdrSuppression;
      /** Reopening a false positive: lift the suppression it left (the detection's rule, host and peer). */
      liftSuppression?: boolean;
    }
  | { ok: false; code: 'ndr_triage_not_allowed'; message: string };

const FROM: Record<Exclude<NdrTriageAction['type'], 'assign'>, readonly NdrTriageStatus[]> = {
  acknowledge: ['new', 'acknowledged'],
  resolve: ['new', 'acknowledged', 'resolved'],
  false_positive: ['new', 'acknowledged', 'resolved', 'false_positive'],
  reopen: ['resolved', 'false_positive'],
};

const SAID: Record<NdrTriageStatus, string> = { new: 'new', acknowledged: 'acknowledged', resolved: 'resolved', false_positive: 'a false positive' };

/** The suppression a false positive leaves: the detection's rule and host, and its peer unless the whole host is meant. */
export function ndrSuppressionFor(
  detection: Pick<NdrDetection, 'rule_id' | 'host' | 'peer'>,
  by: string | null,
  at: string,
  reason = '',
  scope: 'peer' | 'host' = 'peer',
): NdrSuppression {
  return {
    rule_id: detection.rule_id,
    host_ip: detection.host.ip,
    peer: scope === 'host' ? null : detection.peer,
    created_at: at,
    created_by: by,
    reason,
    expires_at: null,
  };
}

/** What a person's action does to a detection's triage. Repeating an action is harmless; a move the states do not allow is refused. */
export function ndrTriage(
  detection: Pick<NdrDetection, 'rule_id' | 'host' | 'peer'>,
  current: NdrTriage,
  input: NdrTriageAction,
  by: string | null,
  at: string,
): NdrTriageResult {
  const action = ndrTriageActionSchema.parse(input);
  const base = { ...current, updated_at: at, updated_by: by };
  if (action.type === 'assign') return { ok: true, triage: { ...base, assignee: action.assignee } };
  if (!FROM[action.type].includes(current.status)) {
    return {
      ok: false,
      code: 'ndr_triage_not_allowed',
      message: `A detection that is ${SAID[current.status]} cannot be ${action.type === 'acknowledge' ? 'acknowledged' : action.type === 'resolve' ? 'resolved' : 'reopened'}.`,
    };
  }
  switch (action.type) {
    case 'acknowledge':
      return { ok: true, triage: { ...base, status: 'acknowledged', note: action.note || current.note } };
    case 'resolve':
      return { ok: true, triage: { ...base, status: 'resolved', note: action.note || current.note } };
    case 'false_positive': {
      const triage: NdrTriage = { ...base, status: 'false_positive', note: action.note || current.note };
      if (current.status === 'false_positive') return { ok: true, triage };
      return { ok: true, triage, suppression: ndrSuppressionFor(detection, by, at, action.note, action.scope) };
    }
    case 'reopen':
      return {
        ok: true,
        triage: { ...base, status: 'new', reopened: current.reopened + 1, note: action.note || current.note },
        ...(current.status === 'false_positive' && { liftSuppression: true }),
      };
  }
}

/** A rule emitted the detection again: a resolved one opens again; the rest stay as they are. */
export function ndrTriageOnEvidence(current: NdrTriage, at: string): { triage: NdrTriage; reopened: boolean } {
  if (current.status !== 'resolved') return { triage: current, reopened: false };
  return { triage: { ...current, status: 'new', updated_at: at, updated_by: null, reopened: current.reopened + 1 }, reopened: true };
}
