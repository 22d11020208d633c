import { describe, expect, it } from 'vitest';
import { readProfileRequest } from './profile-request';
import { PROFILE_CORPUS, PROFILE_VOCABULARY } from './profile-corpus';

const VOCAB = PROFILE_VOCABULARY;
const CASES = PROFILE_CORPUS;

describe('the built-in assistant reading endpoint profile requests', () => {
  it.each(CASES)('%s', (prompt, expected) => {
    const reading = readProfileRequest(prompt, VOCAB);
    if (expected instanceof RegExp) {
      expect(reading.kind, JSON.stringify(reading)).toBe('question');
      expect(reading.kind === 'question' && reading.text).toMatch(expected);
      return;
    }
    expect(reading.kind, JSON.stringify(reading)).toBe('payload');
    if (reading.kind !== 'payload') return;
    const payload = { ...reading.payload, resources: [...(reading.payload.resources ?? [])].sort() };
    expect(payload).toMatchObject(expected);
  });

  it('shows what it will make before it makes it', () => {
    const reading = readProfileRequest('a Classic ZTNA profile for the Finance laptops with the EU relay', VOCAB);
    expect(reading.kind === 'payload' && reading.summary).toEqual([
      'Profile: ZTNA Finance (Classic ZTNA)',
      'For: Finance',
      'Relays: Frankfurt relay',
      'Tunnel: only the servers the policies allow',
      'Servers: every server the policies allow',
      "DNS: the organisation's nameserver groups",
      'Connects: automatically',
    ]);
  });
});
