import { describe, expect, it } from 'vitest';
import { CONFIG_DOCUMENT_RULES } from './stated-rules';

declare global {
  interface ImportMeta {
    glob<T>(patterns: string[], options: { query: string; import: string; eager: true }): Record<string, T>;
  }
}

// Vite (under vitest) puts the sources' text here when it builds the test: the domain stays free of Node's file system.
const sources = import.meta.glob<string>(['./document-rules.ts', './families/*.ts', '!./families/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

// A message as the sources write it: a literal, or a template whose `${…}` is a value.
const messages = (text: string) => [...text.matchAll(/(?:issue|addFieldIssue)\([^;]*?,\s*(['"`])((?:(?!\1).)+)\1\)/g)].map((m) => m[2]!);
const repeats = (text: string) => [...text.matchAll(/flagRepeats\([\s\S]*?,\s*\n?\s*(['"`])([A-Z](?:(?!\1).)+)\1,?\s*\n?\s*\)/g)].map((m) => m[2]!);
const constants = (text: string) => [...text.matchAll(/const [A-Z_]+ = '([A-Z][^']+)';/g)].map((m) => m[1]!);

describe('the configuration rules the API document states', () => {
  it('lists every refusal the configuration checks give', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(8);
    const stated = new Set(CONFIG_DOCUMENT_RULES.map((r) => r.replace(/\{[^}]*\}/g, '{}')));
    const found = Object.values(sources).flatMap((text) =>
      [...messages(text), ...repeats(text), ...constants(text).filter((c) => text.includes(c))].map((m) => m.replace(/\$\{[^}]*\}/g, '{}')),
    );
    expect(found.length).toBeGreaterThan(25);
    expect([...new Set(found)].filter((m) => !stated.has(m))).toEqual([]);
  });
});
