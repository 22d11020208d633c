import { describe, expect, it } from 'vitest';
import { ndrRuleById } from '@netloom/domain';
import { overridesOf, paramFormValue, paramsFromForm, ruleParamFields } from './rule-params';

const defaultsOf = (id: string) => ndrRuleById(id)!.defaults() as Record<string, unknown>;

describe("a rule's parameters in the console", () => {
  it("are edited as the rule's schema reads them, its suppressions left to their own list", () => {
    const fields = ruleParamFields('ndr.port_scan', defaultsOf('ndr.port_scan'));
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
    expect(byKey.min_ports).toEqual({ key: 'min_ports', kind: 'number' });
    expect(byKey.sources).toEqual({ key: 'sources', kind: 'enum', choices: ['internal', 'any'] });
    expect(byKey.exempt_hosts).toEqual({ key: 'exempt_hosts', kind: 'list', of: 'text' });
    expect(byKey.suppressions).toBeUndefined();
  });

  it('reads lists of ports back as numbers and structured lists as JSON', () => {
    const defaults = defaultsOf('ndr.beaconing');
    const fields = ruleParamFields('ndr.beaconing', defaults).filter((f) => f.key === 'exclude_ports');
    const form = { exclude_ports: [...(paramFormValue(fields[0]!, defaults.exclude_ports) as string[]), '8080'] };
    expect(paramsFromForm(fields, form)).toEqual({ params: { exclude_ports: [53, 123, 853, 8080] } });
    const lists = ruleParamFields('ndr.threat_intel', defaultsOf('ndr.threat_intel')).filter((f) => f.key === 'lists');
    expect(lists[0]!.kind).toBe('json');
    expect(paramsFromForm(lists, { lists: '[{' })).toEqual({ invalid: 'lists' });
  });

  it('sends only what differs from the defaults, and nothing to go back to them', () => {
    const defaults = defaultsOf('ndr.port_scan');
    expect(overridesOf({ ...defaults, min_ports: 40 }, defaults)).toEqual({ min_ports: 40 });
    expect(overridesOf({ ...defaults }, defaults)).toBeNull();
  });
});
