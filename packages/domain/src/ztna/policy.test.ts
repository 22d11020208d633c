import { describe, expect, it } from 'vitest';
import { ztnaPolicyInputSchema, ztnaPolicySchema } from './policy';
import { NO_POSTURE_CONDITIONS } from './posture';
import { issuesOf, uuid } from './test-fixtures';

const GIT = uuid(0x5101);
const valid = { name: 'Engineers to Git', action: 'allow', sources: { groups: [uuid(0x6a1)] }, destinations: { servers: [GIT] } };

describe('the policy form', () => {
  it('fills the defaults: enabled, no schedule, no posture conditions, the end of the list', () => {
    expect(ztnaPolicyInputSchema.parse(valid)).toEqual({
      name: 'Engineers to Git',
      description: '',
      enabled: true,
      action: 'allow',
      sources: { everyone: false, users: [], groups: [uuid(0x6a1)], security_groups: [] },
      destinations: { servers: [GIT], sites: [], ports: [] },
      schedule: null,
      posture: NO_POSTURE_CONDITIONS,
    });
  });

  it('needs someone to be for and something to be about', () => {
    expect(issuesOf(ztnaPolicyInputSchema, { ...valid, sources: {} })).toEqual(['sources: Choose who the policy is for']);
    expect(issuesOf(ztnaPolicyInputSchema, { ...valid, sources: { everyone: true } })).toEqual([]);
    expect(issuesOf(ztnaPolicyInputSchema, { ...valid, destinations: { ports: [{ protocol: 'tcp', ports: ['443'] }] } })).toEqual([
      'destinations: Choose at least one server or site',
    ]);
    expect(issuesOf(ztnaPolicyInputSchema, { ...valid, destinations: { sites: ['hq'] } })).toEqual([]);
  });

  it('says what is wrong with a field', () => {
    expect(issuesOf(ztnaPolicyInputSchema, { ...valid, action: 'block' })[0]).toMatch(/^action: /);
    expect(issuesOf(ztnaPolicyInputSchema, { ...valid, sources: { users: ['bob'] } })).toEqual(['sources.users.0: Enter valid Email']);
    expect(issuesOf(ztnaPolicyInputSchema, { ...valid, destinations: { servers: [GIT, GIT] } })).toEqual(['destinations.servers: Duplicate Value Found']);
    expect(issuesOf(ztnaPolicyInputSchema, { ...valid, destinations: { servers: [GIT], ports: [{ protocol: 'tcp', ports: ['1:0'] }] } })).toEqual([
      'destinations.ports.0.ports.0: Please Enter a valid port or port range',
    ]);
    expect(issuesOf(ztnaPolicyInputSchema, { ...valid, order: 0 })[0]).toMatch(/^order: /);
    expect(issuesOf(ztnaPolicyInputSchema, { ...valid, schedule: { time_zone: 'UTC', windows: [] } })).toEqual([
      'schedule.windows: Add at least one time window',
    ]);
    expect(issuesOf(ztnaPolicyInputSchema, { ...valid, posture: { countries: ['ZZ'] } })).toEqual(['posture.countries.0: Unknown country']);
  });

  it('a stored policy has its id and place', () => {
    expect(issuesOf(ztnaPolicySchema, { ...valid, id: uuid(0x9101), order: 1 })).toEqual([]);
    expect(issuesOf(ztnaPolicySchema, { ...valid, id: 'p1', order: 1 })[0]).toMatch(/^id: /);
  });
});
