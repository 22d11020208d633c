import { commercialEntrySchema, commercialTotal, type CommercialData } from '@netloom/domain';

/** Texts of the error catalogue's commercial row (spec 001 §8). */
export const COMMERCIAL_TEXT = {
  updated: 'Commercial Data Updated',
  failed: 'There was an error in updating data',
  editInProgress: 'Please save or cancel the current edit',
} as const;

export interface CommercialTarget {
  deviceId: string;
  wan: string;
}

export interface CommercialDraft extends CommercialTarget {
  amount: string;
  /** YYYY-MM-DD, or '' before a date is picked. */
  date: string;
}

const same = (a: CommercialTarget, b: CommercialTarget) => a.deviceId === b.deviceId && a.wan === b.wan;

/**
 * Only one edit at a time: opening another cell while one is open is refused (the caller shows
 * 'Please save or cancel the current edit'); opening the open one again changes nothing.
 */
export function beginEdit(
  current: CommercialDraft | null,
  target: CommercialTarget,
  data: CommercialData | undefined,
): { draft: CommercialDraft; refused: boolean } {
  if (current) return { draft: current, refused: !same(current, target) };
  const entry = data?.[target.deviceId]?.[target.wan];
  return { draft: { ...target, amount: entry ? String(entry.amount) : '', date: entry?.date ?? '' }, refused: false };
}

/** The message for a draft that cannot be saved, or null. */
export function draftError(draft: CommercialDraft): string | null {
  const parsed = commercialEntrySchema.pick({ amount: true, date: true }).safeParse({ amount: draft.amount.trim(), date: draft.date });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a valid amount');
}

/** The whole map with the draft stored under its device and WAN, stamped with a new lastUpdated. */
export function applyDraft(data: CommercialData | undefined, draft: CommercialDraft, now: Date): CommercialData {
  const device = data?.[draft.deviceId] ?? {};
  return {
    ...data,
    [draft.deviceId]: { ...device, [draft.wan]: { amount: draft.amount.trim(), date: draft.date, lastUpdated: now.toISOString() } },
  };
}

/** A device's total over its WAN links, summed as integers (spec 000 §5). */
export const deviceTotal = (data: CommercialData | undefined, deviceId: string): number =>
  commercialTotal(Object.values(data?.[deviceId] ?? {}).map((e) => e.amount));

/** The total over the devices shown. */
export const fleetTotal = (data: CommercialData | undefined, deviceIds: readonly string[]): number =>
  deviceIds.reduce((sum, id) => sum + deviceTotal(data, id), 0);
