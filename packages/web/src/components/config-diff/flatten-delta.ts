import { create, type Delta } from 'jsondiffpatch';
import { CONFIG_PAGES } from '@netloom/domain';

/** List items are matched by id (or name), so an edited route diffs as that route, not as a shifted list. */
const differ = create({
  objectHash: (o: object, i?: number) => {
    const item = o as { id?: unknown; name?: unknown; interface?: unknown };
    return String(item.id ?? item.name ?? item.interface ?? `$${i}`);
  },
});

export type ChangeKind = 'added' | 'removed' | 'changed' | 'moved';

/** One line of a side-by-side diff: where, and the value on each side. */
export interface Change {
  path: string[];
  kind: ChangeKind;
  before: unknown;
  after: unknown;
}

/** How people call a list item: its name, its interface, else its position. */
function itemLabel(item: unknown, index: number): string {
  if (item !== null && typeof item === 'object') {
    const o = item as Record<string, unknown>;
    for (const key of ['name', 'interface', 'parent'] as const)
      if (typeof o[key] === 'string') return key === 'parent' ? `${o.parent}.${String(o.vlan_id)}` : (o[key] as string);
  }
  return `#${index + 1}`;
}

/** A family is named as its page is titled ('Static Routes'), the name the configure menu shows. */
const FAMILY_LABELS: Record<string, string> = Object.fromEntries(CONFIG_PAGES.map((p) => [p.family, p.title]));

function walk(delta: Delta, before: unknown, after: unknown, path: string[], out: Change[]): void {
  if (Array.isArray(delta)) {
    if (delta.length === 1) out.push({ path, kind: 'added', before: undefined, after: delta[0] });
    else if (delta.length === 2) out.push({ path, kind: 'changed', before: delta[0], after: delta[1] });
    else if (delta[2] === 0) out.push({ path, kind: 'removed', before: delta[0], after: undefined });
    return;
  }
  if (delta === null || typeof delta !== 'object') return;
  const d = delta as Record<string, Delta>;
  const label = (key: string) => (path.length === 0 ? (FAMILY_LABELS[key] ?? key) : key);
  if ((d as { _t?: unknown })._t === 'a') {
    const was = Array.isArray(before) ? before : [];
    const now = Array.isArray(after) ? after : [];
    for (const [key, inner] of Object.entries(d)) {
      if (key === '_t') continue;
      if (key.startsWith('_')) {
        const i = Number(key.slice(1));
        if (Array.isArray(inner) && inner[2] === 3)
          out.push({ path: [...path, itemLabel(was[i], i)], kind: 'moved', before: `position ${i + 1}`, after: `position ${Number(inner[1]) + 1}` });
        else walk(inner, was[i], undefined, [...path, itemLabel(was[i], i)], out);
      } else {
        const i = Number(key);
        const old = Array.isArray(inner) ? undefined : was.find((x) => itemLabel(x, -1) === itemLabel(now[i], i));
        walk(inner, old, now[i], [...path, itemLabel(now[i], i)], out);
      }
    }
    return;
  }
  for (const [key, inner] of Object.entries(d)) {
    const pick = (v: unknown) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined);
    walk(inner, pick(before), pick(after), [...path, label(key)], out);
  }
}

/** The changes between two configuration documents, each at a path people read (Static routes › to-dc › gateway). */
export function configChanges(before: unknown, after: unknown): Change[] {
  const delta = differ.diff(before, after);
  const out: Change[] = [];
  if (delta) walk(delta, before, after, [], out);
  return out;
}
