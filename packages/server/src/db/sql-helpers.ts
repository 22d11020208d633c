/**
 * A LIKE/ILIKE pattern that finds `s` anywhere, its own %, _ and \ taken literally (backslash is
 * PostgreSQL's default LIKE escape).
 */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
