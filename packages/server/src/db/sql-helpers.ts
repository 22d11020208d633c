/** `s` with its own %, _ and \ taken literally in a LIKE pattern (backslash is PostgreSQL's default LIKE escape). */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE/ILIKE pattern that finds `s` anywhere, its own %, _ and \ taken literally. */
export const likePattern = (s: string) => `%${escapeLike(s)}%`;

/** A LIKE/ILIKE pattern that finds text starting with `s`, escaped as likePattern is. */
export const likePrefix = (s: string) => `${escapeLike(s)}%`;
