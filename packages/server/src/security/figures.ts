import type { CrossTenantResult } from './cross-tenant';
import { table, type Check } from './findings';
import type { FuzzResult } from './fuzz';
import { MUTATIONS } from './generate';
import type { Operation } from './openapi';
import type { Conformance } from './conformance';
import type { Plan } from './plan';
import type { RoleMatrixResult } from './roles';

export interface RunResults {
  ops: Operation[];
  principals: number;
  plan: Plan | undefined;
  cross: CrossTenantResult | undefined;
  fuzz: FuzzResult | undefined;
  roles?: RoleMatrixResult | undefined;
  conformance?: Conformance | undefined;
}

/** The run's figures: its budget, seed and coverage, then each check's count beside its goal. */
export function securityFigures(backend: string, { ops, principals, plan, cross, fuzz, roles, conformance }: RunResults): string {
  const tallies = [...(cross?.byPrincipal.values() ?? []), ...(fuzz?.byMutation.values() ?? []), ...(roles?.byRole.values() ?? [])];
  const count = (check: Check) => tallies.reduce((n, t) => n + t.get(check), 0);
  const requests = tallies.reduce((n, t) => n + t.requests, 0) + (fuzz?.happy.length ?? 0);
  const pairsProbed = [...(cross?.exercised.values() ?? [])].reduce((n, who) => n + who.size, 0);
  const shapesSent = [...(cross?.byPrincipal.values() ?? [])].reduce((n, t) => n + t.requests, 0) - (cross?.followUps ?? 0);
  const variantsSent = [...(fuzz?.sent.values() ?? [])];
  const figures = plan?.figures;
  return table(
    `Security figures (${backend})`,
    ['figure', 'value', 'goal'],
    [
      ['seed (SECURITY_SEED replays the run)', plan?.seed ?? '', ''],
      ['request budget (SECURITY_BUDGET)', plan?.budget ?? '', ''],
      ['requests the coverage guarantees take', figures?.floor ?? '', ''],
      ['requests a full run would send', figures?.fullRun ?? '', ''],
      ['requests planned', figures?.planned ?? '', `≤ ${Math.max(plan?.budget ?? 0, figures?.floor ?? 0)}`],
      ['requests sent (with follow-ups to a 2xx)', requests, ''],
      ['operations in the document', ops.length, ''],
      ['principals', principals, ''],
      ['operation × principal pairs probed', `${pairsProbed}/${figures?.pairs ?? 0}`, 'all'],
      ['request shapes sent', `${shapesSent}/${figures?.shapes.fullRun ?? 0}`, ''],
      ['operations with a variant sent', `${variantsSent.filter((n) => n > 0).length}/${ops.length}`, 'all'],
      ['variant classes sent', `${MUTATIONS.filter((m) => fuzz?.byMutation.get(m)?.requests).length}/${MUTATIONS.length}`, 'all'],
      ['variants sent', `${variantsSent.reduce((n, v) => n + v, 0)}/${figures?.variants.fullRun ?? 0}`, ''],
      ['valid calls that succeeded', `${fuzz?.happy.filter((h) => h.status < 300).length ?? 0}/${fuzz?.happy.length ?? 0}`, ''],
      ['cross-tenant 2xx', count('cross-tenant 2xx'), 0],
      ['victim data changed by others', cross?.findings.filter((f) => f.check === 'victim data changed').length ?? 0, 0],
      ['canaries found', count('canary'), 0],
      ['unauthenticated 2xx', count('unauthenticated 2xx'), 0],
      ['5xx', count('5xx'), 0],
      ['invalid input accepted', count('invalid accepted'), 0],
      ['operations naming their roles (x-roles)', `${roles?.declared ?? 0}/${ops.length}`, ''],
      ['a role not named let through', count('role not refused'), 0],
      ['a reader of personal browsing data refused', count('role refused'), 0],
      ['personal browsing data routes off the rule', roles?.findings.filter((f) => f.check === 'role rule').length ?? 0, 0],
      ['answers checked against the document', conformance?.tally.requests ?? 0, ''],
      ['answers with an undocumented status', conformance?.tally.get('undocumented status') ?? 0, 0],
      ['answers of an undeclared content type', conformance?.tally.get('undeclared content type') ?? 0, 0],
      ['answers not matching the declared schema', conformance?.tally.get('body not the declared schema') ?? 0, 0],
    ],
  );
}
