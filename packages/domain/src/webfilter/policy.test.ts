import { describe, expect, it } from 'vitest';
import { webFilterPolicyInputSchema, webFilterPolicySchema, WEBFILTER_LIMITS } from './policy';

const GROUP = '6a1c6a8e-2f0b-4c6e-9a43-0d6f3c2b1a01';
const valid = { name: 'Staff', applies_to: { everyone: true } };
/** The messages the schema gives an input, by field path. */
const issues = (input: object) =>
  (webFilterPolicyInputSchema.safeParse(input).error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('web filter policy schema', () => {
  it('fills the defaults of a minimal policy', () => {
    const p = webFilterPolicyInputSchema.parse(valid);
    expect(p).toMatchObject({ enabled: true, action: 'block', description: '', blocked_urls: [], schedule: null });
    expect(p.applies_to).toEqual({ everyone: true, users: [], groups: [], endpoints: [], device_groups: [] });
  });

  it('a policy must apply to someone', () => {
    expect(issues({ name: 'Nobody', applies_to: {} })).toEqual([{ path: 'applies_to', message: 'Choose who the policy applies to' }]);
    expect(issues({ name: 'Nobody', applies_to: { everyone: false, users: [] } })).toEqual([
      { path: 'applies_to', message: 'Choose who the policy applies to' },
    ]);
    expect(issues({ name: 'One group', applies_to: { groups: [GROUP] } })).toEqual([]);
  });

  it('refuses a list with the same value twice, after trimming', () => {
    expect(issues({ ...valid, blocked_urls: ['example.com', ' example.com'] })).toEqual([{ path: 'blocked_urls', message: 'Duplicate Value Found' }]);
    expect(issues({ ...valid, blocked_categories: ['gambling', 'gambling'] })).toEqual([{ path: 'blocked_categories', message: 'Duplicate Value Found' }]);
    expect(issues({ name: 'Twice', applies_to: { users: ['a@x.com', 'A@x.com'] } })).toContainEqual({
      path: 'applies_to.users',
      message: 'Duplicate Value Found',
    });
  });

  it('refuses a URL that is not a pattern', () => {
    expect(issues({ ...valid, allowed_urls: ['good.example.com', 'not a url'] })).toEqual([{ path: 'allowed_urls.1', message: 'Enter correct URL' }]);
    expect(issues({ ...valid, blocked_urls: ['*.example.com/path', 'https://x.org:8080'] })).toEqual([]);
  });

  it('refuses an address rule, a user, a category or an application that cannot be one', () => {
    expect(issues({ ...valid, blocked_ips: ['10.0.0.0/33'] })[0]?.message).toBe('Enter an address, a subnet x.x.x.x/y or a range x.x.x.x-x.x.x.x');
    expect(issues({ name: 'U', applies_to: { users: ['bob'] } })[0]).toEqual({ path: 'applies_to.users.0', message: 'Enter valid Email' });
    expect(issues({ ...valid, blocked_categories: ['Bad Category'] })[0]?.message).toBe('Unknown category');
    expect(issues({ ...valid, blocked_applications: ['Not An App'] })[0]?.message).toBe('Unknown application');
  });

  it('a name is required and short', () => {
    expect(issues({ ...valid, name: '  ' })).toEqual([{ path: 'name', message: 'Field is required' }]);
    expect(issues({ ...valid, name: 'x'.repeat(WEBFILTER_LIMITS.name + 1) })).toEqual([
      { path: 'name', message: `At most ${WEBFILTER_LIMITS.name} characters` },
    ]);
  });

  it('holds at most the limit of URLs per list', () => {
    const urls = Array.from({ length: WEBFILTER_LIMITS.urlsPerList + 1 }, (_, i) => `h${i}.example.com`);
    expect(issues({ ...valid, blocked_urls: urls })).toEqual([{ path: 'blocked_urls', message: `At most ${WEBFILTER_LIMITS.urlsPerList} values` }]);
    expect(issues({ ...valid, blocked_urls: urls.slice(1) })).toEqual([]);
  });

  it('a stored policy carries its id and order', () => {
    const stored = { ...valid, id: GROUP, order: 1 };
    expect(webFilterPolicySchema.safeParse(stored).success).toBe(true);
    expect(webFilterPolicySchema.safeParse({ ...stored, order: 0 }).success).toBe(false);
    expect(webFilterPolicySchema.safeParse({ ...stored, applies_to: {} }).error?.issues[0]?.message).toBe('Choose who the policy applies to');
  });
});
