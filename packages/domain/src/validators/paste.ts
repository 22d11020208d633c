import { chipMessages } from './messages';

export interface PasteResult {
  /** Valid, new values in pasted order, each once. */
  added: string[];
  invalidCount: number;
  duplicateCount: number;
  /** The snackbar text of the spec (001 §5). */
  message: string;
  /** 'Duplicate Value Found' when a pasted value was already there or pasted twice. */
  duplicateMessage: string | null;
}

/** Pasted text splits on semicolons, spaces, newlines and commas. */
export const splitPasted = (text: string): string[] => text.split(/[;,\s]+/).filter(Boolean);

/** Keeps the valid values of a paste into the chip input and words the result. */
export function parsePaste(text: string, isValid: (value: string) => boolean, existing: readonly string[] = []): PasteResult {
  const seen = new Set(existing);
  const added: string[] = [];
  let invalidCount = 0;
  let duplicateCount = 0;
  for (const value of splitPasted(text)) {
    if (!isValid(value)) invalidCount++;
    else if (seen.has(value)) duplicateCount++;
    else {
      seen.add(value);
      added.push(value);
    }
  }
  const validCount = added.length + duplicateCount;
  const message = invalidCount > 0 ? `You Have Pasted ${invalidCount} Invalid IPs and ${validCount} Valid IPs` : `You Have Pasted ${validCount} IP(s)`;
  return { added, invalidCount, duplicateCount, message, duplicateMessage: duplicateCount > 0 ? chipMessages.duplicate : null };
}

/** Adding one typed value (Enter, comma or space): the message to show, or null when it was added. */
export function addChip(
  value: string,
  isValid: (value: string) => boolean,
  existing: readonly string[],
  invalidMessage: string,
): { values: string[]; error: string | null } {
  const v = value.trim();
  if (v === '') return { values: [...existing], error: null };
  if (!isValid(v)) return { values: [...existing], error: invalidMessage };
  if (existing.includes(v)) return { values: [...existing], error: chipMessages.duplicate };
  return { values: [...existing, v], error: null };
}
