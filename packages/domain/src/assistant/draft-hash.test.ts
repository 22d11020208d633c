import { describe, expect, it } from 'vitest';
import { draftPayloadHash } from './draft-hash';

describe("an assistant draft's payload hash", () => {
  const draft = { name: 'No betting', applies_to: { everyone: true }, blocked_categories: ['gambling'] };
  it('is the same for the draft and for the body a form posts unchanged (its defaults filled, its keys in any order)', () => {
    const posted = { blocked_categories: ['gambling'], applies_to: { everyone: true, users: [] }, name: ' No betting ', action: 'block' };
    expect(draftPayloadHash('webfilter', posted)).toBe(draftPayloadHash('webfilter', draft));
  });
  it('differs when the admin changed anything, and is null for what the form would refuse', () => {
    expect(draftPayloadHash('webfilter', { ...draft, blocked_categories: ['gambling', 'dating'] })).not.toBe(draftPayloadHash('webfilter', draft));
    expect(draftPayloadHash('webfilter', { name: '' })).toBeNull();
  });
});
