import { describe, expect, it } from 'vitest';
import { customRuleId, customRuleProblem } from './custom-rules';

describe('custom rules in the checked subset of SecLang', () => {
  it.each([
    `SecRule REQUEST_URI "@beginsWith /admin" "id:1001,phase:1,deny,status:403,msg:'No admin'"`,
    `SecRule ARGS:q|REQUEST_HEADERS:User-Agent "@rx (?i)sqlmap" "id:2,phase:2,t:none,t:lowercase,block,log,tag:'scanner'"`,
    `SecRule REMOTE_ADDR "@ipMatch 192.0.2.0/24,198.51.100.7" "id:99999,phase:1,pass,nolog"`,
    `SecRule &ARGS "@gt 50" "id:3,phase:2,deny,status:400,severity:'WARNING'"`,
    `SecRule ARGS "@detectSQLi" "id:4,phase:2,deny"`,
  ])('takes %s', (rule) => {
    expect(customRuleProblem(rule)).toBeNull();
  });

  it.each([
    ['SecAction "id:1,phase:1,pass"', /reads: SecRule/],
    [`SecRule ARGS "@contains x" "id:1,phase:2,exec:/bin/sh"`, /^exec is not an action/],
    [`SecRule ARGS "@contains x" "id:1,phase:2,setvar:tx.anomaly_score=0"`, /^setvar is not an action/],
    [`SecRule ARGS "@contains x" "id:1,phase:2,ctl:ruleEngine=Off"`, /^ctl is not an action/],
    [`SecRule TX:anomaly_score "@gt 1" "id:1,phase:2,deny"`, /^TX is not one of the variables/],
    [`SecRule ARGS "@inspectFile /tmp/x.lua" "id:1,phase:2,deny"`, /^@inspectFile is not one of the operators/],
    [`SecRule ARGS "@rx (" "id:1,phase:2,deny"`, /does not compile/],
    [`SecRule ARGS "@contains x" "id:950000,phase:2,deny"`, /^id should be between 1 and 99999/],
    [`SecRule ARGS "@contains x" "phase:2,deny"`, /needs an id/],
    [`SecRule ARGS "@contains x" "id:1,deny"`, /needs a phase/],
    [`SecRule ARGS "@contains x" "id:1,phase:2,deny,pass"`, /Only one of deny/],
    [`SecRule ARGS "@contains x" "id:1,phase:2,deny,msg:'open`, /reads: SecRule|quote/],
    [`SecRule ARGS "@contains x" "id:1,phase:2,deny,msg:'50%'"`, /^msg should be quoted text/],
    [`SecRule ARGS "@gt ten" "id:1,phase:2,deny"`, /whole number/],
    ['SecRule ARGS "@contains x" "id:1,phase:2,deny"\nSecRuleEngine Off', /one line/],
  ])('refuses %s', (rule, why) => {
    expect(customRuleProblem(rule)).toMatch(why);
  });

  it('reads the id of a rule', () => {
    expect(customRuleId(`SecRule ARGS "@contains x" "phase:2,id:42,deny"`)).toBe(42);
  });
});
