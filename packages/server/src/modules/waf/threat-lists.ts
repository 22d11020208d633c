import { isCidr, isIPv4 } from '@netloom/domain';

/** The most entries one list holds (what the edge's configuration carries for it). */
export const THREAT_LIST_MAX_ENTRIES = 100_000;

/**
 * A reputation list's text (a file or a feed): one address or subnet per line, comments after
 * '#' or ';' (the feeds' usual forms: Spamhaus DROP, FireHOL, abuse.ch). What is neither is
 * counted and left out; duplicates are kept once; past the bound the rest is counted as refused.
 */
export function parseThreatList(text: string): { entries: string[]; rejected: number } {
  const entries = new Set<string>();
  let rejected = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line =
      raw
        .replace(/[#;].*$/, '')
        .trim()
        .split(/\s+/)[0] ?? '';
    if (line === '') continue;
    if ((isIPv4(line) || isCidr(line)) && entries.size < THREAT_LIST_MAX_ENTRIES) entries.add(line);
    else rejected++;
  }
  return { entries: [...entries], rejected };
}
