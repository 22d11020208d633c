import { Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { WafGraphql, WafGraphqlSeen } from '@netloom/domain';

/** Tokens a query may hold before parsing stops: a huge query costs the edge nothing past this. */
const MAX_TOKENS = 20_000;

/**
 * What a GraphQL request asks: its operation (the named one, or the only one), the deepest
 * selection, its aliases, and its fields with every fragment counted where it is spread (a
 * fragment spread inside itself is counted once, and counting stops past `stopAt` so a
 * fragment bomb costs the edge no more than the limit). Null with why when it is no query.
 */
export function analyseQuery(query: string, operationName: string | null, stopAt: number): WafGraphqlSeen | { problem: string } {
  let doc;
  try {
    doc = parse(query, { maxTokens: MAX_TOKENS, noLocation: true });
  } catch (err) {
    return { problem: `not a GraphQL query: ${(err as Error).message.split('\n')[0]!.slice(0, 200)}` };
  }
  const operations = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const op = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  if (!op) return { problem: operationName ? `no operation named ${operationName.slice(0, 64)}` : 'several operations and no operationName' };
  const fragments = new Map(
    doc.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f] as const),
  );
  const seen = { depth: 0, aliases: 0, fields: 0, introspection: false };
  const walk = (set: SelectionSetNode, depth: number, spreading: ReadonlySet<string>) => {
    for (const sel of set.selections) {
      if (seen.fields > stopAt) return;
      if (sel.kind === Kind.FIELD) {
        seen.fields++;
        if (sel.alias) seen.aliases++;
        if (sel.name.value === '__schema' || sel.name.value === '__type') seen.introspection = true;
        seen.depth = Math.max(seen.depth, depth);
        if (sel.selectionSet) walk(sel.selectionSet, depth + 1, spreading);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        walk(sel.selectionSet, depth, spreading);
      } else {
        const name = sel.name.value;
        const fragment = fragments.get(name);
        if (fragment && !spreading.has(name)) walk(fragment.selectionSet, depth, new Set([...spreading, name]));
      }
    }
  };
  walk(op.selectionSet, 1, new Set());
  return { operation: op.operation as WafGraphqlSeen['operation'], name: op.name?.value.slice(0, 128) ?? null, ...seen };
}

/** Why a query is past the application's limits (null: it is within them). */
export function graphqlRefusal(seen: WafGraphqlSeen, limits: WafGraphql): string | null {
  if (seen.introspection && !limits.introspection) return 'introspection is off';
  if (seen.depth > limits.max_depth) return `depth ${seen.depth} over ${limits.max_depth}`;
  if (seen.aliases > limits.max_aliases) return `${seen.aliases} aliases over ${limits.max_aliases}`;
  if (seen.fields > limits.max_fields) return `more than ${limits.max_fields} fields`;
  return null;
}
