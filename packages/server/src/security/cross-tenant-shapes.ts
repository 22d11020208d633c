import { baseCall, type Call, type Hints } from './generate';
import { bodyProperties, isTenantSelector, kindOfField, kindOfPathParam, tenantSelectors, type Kind, type Operation } from './openapi';
import { ATTACKER_NAC_MAC, CANARY_PREFIX, REPORT_FIELD_VALUES, ZTNA_FIELD_VALUES } from './world/known-values';
import type { Principal, Side, World } from './world/types';

/** One request of a cross-tenant probe: which of the victim's things it names, and how. */
export interface Shape {
  label: string;
  call: Call;
  /** The request names one of the victim's objects or the victim tenant. */
  namesVictim: boolean;
  /** The victim tenant is the tenant the request selects (tid / tenant_id). */
  selectsVictim: boolean;
}

const FIELD_VALUES: Record<string, unknown> = {
  timezone: 'Europe/Berlin',
  website: 'https://example.test',
  // A web-filter policy applies to someone; url-discovery acts on a domain.
  applies_to: { everyone: true },
  domain: 'discovered-site.net',
  // A client release of the first system (windows); a host the attacker's gateway reported.
  version: '2.1.12',
  mac: ATTACKER_NAC_MAC,
  ...ZTNA_FIELD_VALUES,
  ...REPORT_FIELD_VALUES,
  // The header search looks for the canaries: the victim finds its own, nobody else anything.
  q: CANARY_PREFIX,
};

/** A call whose ids come from the given sides: the tenant selector, the path and the body each its own. */
export function callWith(op: Operation, sides: { selector: Side | null; path: Side; body: Side }, pathIds: Record<string, string> = {}): Call {
  const hints: Hints = {
    id: (kind: Kind | null) => (kind ? (sides.body.ids[kind][0] ?? crypto.randomUUID()) : crypto.randomUUID()),
    field: (name) => FIELD_VALUES[name],
  };
  const call = baseCall(op, hints);
  for (const p of op.params.filter((x) => x.in === 'path')) {
    const kind = kindOfPathParam(op.path, p.name);
    // A parameter that picks one of a few words (a configuration family) keeps the valid word it was given.
    call.path[p.name] = pathIds[p.name] ?? (kind ? sides.path.ids[kind][0] : undefined) ?? (p.schema.enum ? call.path[p.name]! : crypto.randomUUID());
  }
  const selectors = tenantSelectors(op);
  for (const name of selectors.query) {
    if (sides.selector) call.query[name] = sides.selector.tenantId;
    else delete call.query[name];
  }
  const body = call.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object') {
    for (const [name, schema] of Object.entries(bodyProperties(op))) {
      const kind = kindOfField(name);
      if (!kind) continue;
      if (isTenantSelector(name)) {
        if (sides.selector) body[name] = sides.selector.tenantId;
        else if (!op.body?.required?.includes(name)) delete body[name];
        continue;
      }
      const ids = sides.body.ids[kind];
      body[name] = schema.type === 'array' ? [...ids] : ids[0];
    }
  }
  return call;
}

export function shapesOf(op: Operation, who: Principal, world: World): Shape[] {
  const { victim, attacker } = world;
  const home = who.home === 'attacker' && who.isSuperAdmin ? attacker : null;
  const selectors = tenantSelectors(op);
  const hasSelector = selectors.query.length + selectors.body.length > 0;
  const pathParams = op.params.filter((p) => p.in === 'path');
  const bodyIdFields = Object.keys(bodyProperties(op)).filter((n) => kindOfField(n) && !isTenantSelector(n));
  const shapes: Shape[] = [];
  // A super admin in a selected tenant names it; selecting the victim is what the 'no tenant' super admin does.
  if (hasSelector && !home) {
    shapes.push({
      label: 'victim tenant selected',
      call: callWith(op, { selector: victim, path: victim, body: victim }),
      namesVictim: true,
      selectsVictim: true,
    });
  }
  if (pathParams.length) {
    // Every victim object of the path's kind: a pending user and an active one, a claimed device and an enrolled one, are different code paths.
    const first = pathParams[0]!;
    const kind = kindOfPathParam(op.path, first.name);
    for (const id of kind ? victim.ids[kind] : [crypto.randomUUID()]) {
      // An id of unknown kind is a random one: it names nobody's object, so it only looks for leaks.
      shapes.push({
        label: `victim id in the path (${kind ?? 'unknown kind'})`,
        call: callWith(op, { selector: home, path: victim, body: attacker }, { [first.name]: id }),
        namesVictim: kind !== null,
        selectsVictim: false,
      });
    }
  }
  if (bodyIdFields.length) {
    shapes.push({
      label: `victim ids in the body (${bodyIdFields.join(', ')})`,
      call: callWith(op, { selector: home, path: attacker, body: victim }),
      namesVictim: true,
      selectsVictim: false,
    });
  }
  if (!shapes.length)
    shapes.push({ label: 'no ids', call: callWith(op, { selector: home, path: attacker, body: attacker }), namesVictim: false, selectsVictim: false });
  return shapes;
}
