import type { DetailDialogContentProps } from '@/components/dialogs/detail-dialog';
import type { LogEntry } from '@netloom/domain';

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const lines = (o: unknown): string[] =>
  o && typeof o === 'object' ? Object.entries(o as Record<string, unknown>).map(([k, v]) => `${k}: ${show(v)}`) : o === undefined ? [] : [show(o)];

/** A log entry for the detail dialog: facts on top, and before/after lists for settings changes. */
export function logDetailContent(e: LogEntry, time: string): DetailDialogContentProps {
  const { before, after, ...rest } = e.details;
  const changed = before !== undefined || after !== undefined;
  return {
    topInfo: [
      { name: 'Action', value: e.action, primary: true },
      { name: 'Time', value: time },
      { name: 'User', value: e.user ?? 'system' },
      { name: 'Target', value: e.target ?? 'Not Available' },
      { name: 'IP', value: e.ip ?? 'Not Available' },
      { name: 'By the provider', value: e.via_super_admin ? 'Yes' : 'No' },
      ...Object.entries(rest).map(([k, v]) => ({ name: k, value: show(v) })),
    ],
    detailsName: changed ? 'Changes' : undefined,
    lists: changed
      ? [
          { name: 'Before', value: lines(before) },
          { name: 'After', value: lines(after) },
        ]
      : [],
  };
}
