import type { z } from 'zod';

type Path = (string | number)[];

/** The issue's path is the field's or inside it (an item of a list field). */
const atOrUnder = (issuePath: readonly PropertyKey[], field: Path) => field.length <= issuePath.length && field.every((k, i) => issuePath[i] === k);

/**
 * Adds an issue at a field unless the field already has one. Rules that read other fields run
 * even when a field is malformed (zod's checks go on after a format error), and a malformed value
 * should get one message, the one about its form, not also every rule it then fails.
 */
export function addFieldIssue(ctx: z.RefinementCtx, path: Path, message: string) {
  if (ctx.issues.some((i) => atOrUnder(i.path ?? [], path))) return;
  ctx.addIssue({ code: 'custom', path, message });
}

/**
 * Adds an issue at every item whose key an earlier item already has: the first one stays valid,
 * so the form marks the copy the user just added. Items without a key are not compared.
 */
export function flagRepeats<T>(ctx: z.RefinementCtx, items: readonly T[], key: (item: T) => unknown, path: (i: number) => Path, message: string) {
  const seen = new Set<unknown>();
  items.forEach((item, i) => {
    const k = key(item);
    if (k === undefined) return;
    if (seen.has(k)) addFieldIssue(ctx, path(i), message);
    seen.add(k);
  });
}
