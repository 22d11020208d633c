import type { z } from 'zod';
import { ScimProblem } from './problem';

/** A body read with its schema, or a SCIM invalidValue naming the first field that is wrong. */
export function parseScim<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw ScimProblem.invalidValue(`${where}${issue?.message ?? 'Invalid body'}`);
}
