import type { z } from 'zod';

// The rule of every window a request may name (a chart's custom range, a drill-down's, a log
// page's); not part of the package's surface.

const DAY_MS = 86_400_000;

export interface WindowRuleOptions {
  /** Both ends or neither: one alone would meet a default end that may come before it. */
  paired?: boolean;
  /** The longest window the route's store answers. */
  maxDays?: number;
  /** A window of no length is accepted (a log page shows nothing); analytics refuse it (no bucket to answer). */
  emptyAllowed?: boolean;
}

/**
 * A body's or query's window ends where it starts or later, as a zod `superRefine`. Without it a
 * backwards window reaches the analytics store and fails there (a 500), or answers an empty page
 * that reads as "no traffic". The issue names the end's field: the one a client moves to fix it.
 */
export function windowRule<K extends string>(start: K, end: K, opts: WindowRuleOptions = {}) {
  return (value: { [key in K]?: string | undefined }, ctx: z.RefinementCtx): void => {
    const from = value[start];
    const to = value[end];
    if (opts.paired && (from === undefined) !== (to === undefined)) {
      ctx.addIssue({ code: 'custom', path: [end], message: `${start} and ${end} go together` });
      return;
    }
    if (from === undefined || to === undefined) return;
    const span = Date.parse(to) - Date.parse(from);
    if (span < 0 || (span === 0 && !opts.emptyAllowed))
      ctx.addIssue({ code: 'custom', path: [end], message: opts.emptyAllowed ? `${end} must not be before ${start}` : `${end} must be after ${start}` });
    else if (opts.maxDays !== undefined && span > opts.maxDays * DAY_MS)
      ctx.addIssue({ code: 'custom', path: [end], message: `a window spans at most ${opts.maxDays} days` });
  };
}

/** The refusals windowRule gives, as the document's `x-rules` list them. */
function windowRefusals(start: string, end: string, opts: WindowRuleOptions): string[] {
  return [
    opts.emptyAllowed ? `${end} must not be before ${start}` : `${end} must be after ${start}`,
    ...(opts.paired ? [`${start} and ${end} go together`] : []),
    ...(opts.maxDays !== undefined ? [`a window spans at most ${opts.maxDays} days`] : []),
  ];
}

/**
 * What the API document says of the end's field: JSON Schema has no rule across two fields, so
 * zod's document generation leaves the refine out; the field's description and `x-rules` carry it.
 */
export function windowEndDocumented<T extends z.ZodType>(schema: T, start: string, end: string, opts: WindowRuleOptions = {}): T {
  return schema.meta({ description: windowEndDescription(start, end, opts), 'x-rules': windowRefusals(start, end, opts) }) as T;
}

function windowEndDescription(start: string, end: string, opts: WindowRuleOptions = {}): string {
  const rules = [
    opts.emptyAllowed ? `not before \`${start}\`` : `after \`${start}\``,
    ...(opts.paired ? [`sent together with \`${start}\``] : []),
    ...(opts.maxDays !== undefined ? [`at most ${opts.maxDays} days after it`] : []),
  ];
  return `The window's end: ${rules.join('; ')}. Otherwise 400 naming \`${end}\`.`;
}
