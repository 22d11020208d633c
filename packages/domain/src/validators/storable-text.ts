import { z } from 'zod';

/*
 * PostgreSQL refuses NUL bytes in text and jsonb, and UTF-8 cannot carry an unpaired UTF-16
 * surrogate (the driver would silently store U+FFFD instead). Such text is refused where it
 * enters (a request, a device message), so the database never sees it and a batch that carries
 * one device's bad row cannot fail the others'.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Contains a NUL character or an unpaired surrogate';

export const isStorableText = (value: string): boolean => !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);

/** True when every string in a JSON value (keys included) can be stored. */
export function isStorableJson(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).every(([k, v]) => isStorableText(k) && isStorableJson(v));
  }
  return true;
}

/** The string every free-text field uses: z.string() that refuses text PostgreSQL cannot store. */
export const storableText = () => z.string().refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/** Any JSON-ish schema (records, unknown) whose strings all have to be storable (jsonb columns). */
export const storableJson = <T extends z.ZodType>(schema: T) => schema.refine(isStorableJson, UNSTORABLE_TEXT_MESSAGE);

/**
 * Text trimmed on the way in that must hold something (`filledText().min(1, …)`): minLength counts
 * the spaces trim removes, so the document also says it holds a character that is not a space.
 */
export const filledText = () => storableText().trim().meta({ pattern: '\\S' });
