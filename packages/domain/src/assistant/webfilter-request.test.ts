import { describe, expect, it } from 'vitest';
import { readWebFilterRequest } from './webfilter-request';
import { CORPUS_VOCABULARY, WEBFILTER_CORPUS } from './webfilter-corpus';

/** The expected fields, compared as sets where order is the reader's own. */
const sorted = (v: unknown): unknown =>
  Array.isArray(v) ? [...v].map(sorted).sort() : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sorted(x)])) : v;

describe('the built-in assistant reading web-filter requests', () => {
  it.each(WEBFILTER_CORPUS)('%s', (prompt, expected) => {
    const reading = readWebFilterRequest(prompt, CORPUS_VOCABULARY);
    if ('question' in expected) {
      expect(reading.kind, JSON.stringify(reading)).toBe('question');
      expect(reading.kind === 'question' && reading.text).toMatch(expected.question);
      return;
    }
    expect(reading.kind, JSON.stringify(reading)).toBe('payload');
    if (reading.kind !== 'payload') return;
    expect(sorted(reading.payload)).toMatchObject(sorted(expected.payload) as object);
  });

  it('shows what it will do before it does it', () => {
    const reading = readWebFilterRequest('block social networking and gambling for Sales US on weekdays 9 to 5 except linkedin.com', CORPUS_VOCABULARY);
    expect(reading.kind === 'payload' && reading.summary).toEqual([
      'Block: Gambling, Social Networking',
      'For: group Sales US',
      'Except: linkedin.com',
      'When: mon, tue, wed, thu, fri 09:00–17:00 (Europe/Paris)',
    ]);
  });
});
