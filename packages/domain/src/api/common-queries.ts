import { z } from 'zod';
import { storableText } from '../validators/storable-text';
import { pageQuerySchema } from './pagination';
import { TIME_ZONE_NAMES } from '../validators/documented';

export const timeZoneMessages = { invalid: 'Choose a valid time zone.' } as const;

/** IANA time zone, checked the way the browser will use it. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
export const timeZoneSchema = storableText()
  .trim()
  .min(1)
  .max(64)
  .refine(isTimeZone, timeZoneMessages.invalid)
  .meta({ id: 'TimeZone', enum: TIME_ZONE_NAMES, description: 'An IANA time zone name' });

/** `tid` picks the tenant for a super admin; tenant users may only name their own. */
export const tidQuerySchema = z.object({ tid: z.string().uuid().optional() });
export const tidPageQuerySchema = pageQuerySchema.extend({ tid: z.string().uuid().optional() });
export const idParamSchema = z.object({ id: z.string().uuid() });
