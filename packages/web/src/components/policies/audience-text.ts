/** Two names read better than a count; more than two read better as one. */
export const few = (items: readonly string[], one: string, many: string): string =>
  items.length <= 2 ? items.join(', ') : `${items.length} ${items.length === 1 ? one : many}`;

/** One list of a policy's requesters, as the list line names it. */
export interface AudiencePart {
  ids: readonly string[];
  /** Names by id; without it the ids are shown as they are (e-mail addresses). */
  names?: ReadonlyMap<string, string>;
  /** Said before the names ('Group'). */
  prefix?: string;
  one: string;
  many: string;
}

/** Who a policy is for, in one line for the list ('Everyone', 'Group Sales; 2 users'); 'Nobody' when it names none. */
export function audienceText(everyone: boolean, parts: readonly AudiencePart[]): string {
  if (everyone) return 'Everyone';
  const said = parts
    .filter((p) => p.ids.length > 0)
    .map((p) => {
      const names = p.names ? p.ids.map((id) => p.names!.get(id) ?? `removed ${p.one}`) : p.ids;
      const text = few(names, p.one, p.many);
      return p.prefix ? `${p.prefix} ${text}` : text;
    });
  return said.join('; ') || 'Nobody';
}
