import { z } from 'zod';
import { SUBSCRIPTION_NAMES } from '../rules/subscriptions';
import { isEmail, emailMessages } from '../validators/email';
import { filledText, storableText } from '../validators/storable-text';
import { documented, EMAIL_FORMAT } from '../validators/documented';

// Field rules shared by the organisation areas' request bodies; not part of the package's surface.

export const email = documented(storableText().trim().toLowerCase().max(254).refine(isEmail, emailMessages.invalid), EMAIL_FORMAT);
/** Free text of a request, trimmed: every such field reaches the database. */
export const text = (max: number) => storableText().trim().max(max);
export const search = text(200).optional();
export const name = (max: number) => filledText().min(1, 'Field is required').max(max);
export const subscriptionsSchema = z
  .array(z.enum(SUBSCRIPTION_NAMES))
  .max(SUBSCRIPTION_NAMES.length)
  .refine((l) => new Set(l).size === l.length, 'Duplicate Value Found')
  .meta({ uniqueItems: true });
