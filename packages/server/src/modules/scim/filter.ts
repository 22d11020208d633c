import { parse, type Filter } from 'scim2-parse-filter';
import { ScimProblem } from './problem';

/** One condition a list can be narrowed by: an attribute the service can search, equal to a value. */
export interface Equality<A extends string> {
  attribute: A;
  value: string;
}

/**
 * Reads a SCIM filter into equalities joined by `and`, on the attributes given (names as the
 * provider writes them, matched ignoring case as RFC 7643 says attribute names are). What providers
 * send to find a resource before creating it (`userName eq "…"`, `externalId eq "…"`,
 * `emails[value eq "…"]`) is covered; any other filter is refused with invalidFilter rather than
 * answered wrongly.
 */
export function readFilter<A extends string>(text: string | undefined, attributes: Record<string, A>): Equality<A>[] {
  if (text === undefined || text.trim() === '') return [];
  let ast: Filter;
  try {
    ast = parse(text);
  } catch {
    throw ScimProblem.invalidFilter(`The filter could not be read: ${text.slice(0, 100)}`);
  }
  const known = new Map(Object.entries(attributes).map(([k, v]) => [k.toLowerCase(), v]));
  const out: Equality<A>[] = [];
  const walk = (f: Filter, prefix = ''): void => {
    if (f.op === 'and') return f.filters.forEach((x) => walk(x, prefix));
    if (f.op === '[]') return walk(f.valFilter, `${f.attrPath}.`);
    if (f.op === 'eq' && typeof f.compValue === 'string') {
      const attribute = known.get(`${prefix}${f.attrPath}`.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, ''));
      if (attribute) return void out.push({ attribute, value: f.compValue });
    }
    throw ScimProblem.invalidFilter('Only equality (eq) on ' + Object.keys(attributes).join(', ') + ', joined by and, is supported');
  };
  walk(ast);
  return out;
}
