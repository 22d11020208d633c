import type { LightMyRequestResponse } from 'fastify';

export type Check =
  | 'cross-tenant 2xx'
  | 'victim data changed'
  | 'canary'
  | 'unauthenticated 2xx'
  | '5xx'
  | 'invalid accepted'
  | 'valid refused'
  | '429 rate limited'
  | '409 conflict with existing state'
  | 'rule the document states'
  | '422 names an object the organisation does not have'
  | '401 credential not valid'
  | '404 names an id nothing has'
  | 'role not refused'
  | 'role refused'
  | 'role rule'
  // The answer against the document (conformance.ts).
  | 'undocumented status'
  | 'undeclared content type'
  | 'body not the declared schema';

export interface Finding {
  check: Check;
  operation: string;
  /** The principal and request shape, or the fuzz variant. */
  who: string;
  status: number;
  body: string;
}

export interface Exclusion {
  operation: string;
  who: string;
  status: number;
  reason: string;
}

/** Counters of one row of a figures table. */
export class Tally {
  requests = 0;
  readonly counts = new Map<Check, number>();
  excluded = 0;

  add(check: Check) {
    this.counts.set(check, (this.counts.get(check) ?? 0) + 1);
  }

  get(check: Check): number {
    return this.counts.get(check) ?? 0;
  }
}

export const shortBody = (res: LightMyRequestResponse) => res.body.slice(0, 160).replace(/\s+/g, ' ');

export function table(title: string, columns: string[], rows: (string | number)[][]): string {
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: (string | number)[]) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!))).join('  ');
  return [title, line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function listFindings(findings: Finding[], limit = 60): string {
  const shown = findings.slice(0, limit).map((f) => `  [${f.check}] ${f.operation} — ${f.who} → ${f.status} ${f.body}`);
  if (findings.length > limit) shown.push(`  … and ${findings.length - limit} more`);
  return shown.join('\n');
}
