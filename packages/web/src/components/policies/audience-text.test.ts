import { describe, expect, it } from 'vitest';
import { audienceText, few } from './audience-text';

describe('audience in one line', () => {
  it('names two, counts more', () => {
    expect(few(['a', 'b'], 'user', 'users')).toBe('a, b');
    expect(few(['a', 'b', 'c'], 'user', 'users')).toBe('3 users');
  });

  it('says Everyone, the named lists with their prefixes, removed ones as such, and Nobody for none', () => {
    const groups = new Map([['g1', 'Sales']]);
    expect(audienceText(true, [{ ids: ['x'], one: 'user', many: 'users' }])).toBe('Everyone');
    expect(
      audienceText(false, [
        { ids: ['ana@acme.test'], one: 'user', many: 'users' },
        { ids: ['g1', 'gone'], names: groups, prefix: 'Group', one: 'group', many: 'groups' },
        { ids: [], names: groups, prefix: 'Device group', one: 'device group', many: 'device groups' },
      ]),
    ).toBe('ana@acme.test; Group Sales, removed group');
    expect(audienceText(false, [{ ids: [], one: 'user', many: 'users' }])).toBe('Nobody');
  });
});
