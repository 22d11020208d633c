import { randomBytes } from 'node:crypto';
import { tenants } from '../db/schema/index';
import { newEnrolmentKey } from '../fleet/credentials';
import type { TestApp } from '../test/build';
import { enrolmentKey } from '../test/agent-client';
import { accounts, signIn } from './world/accounts';
import { armAttacker } from './world/attacker';
import { CANARY_PREFIX } from './world/known-values';
import { principalsOf } from './world/principals';
import type { World } from './world/types';
import { Conformance } from './conformance';
import { plantVictim } from './world/victim';
import { must } from './world/requests';

/**
 * The world the security suite probes: a victim tenant (Globex) with canaries planted in all its
 * data, an attacker tenant (Acme) with one object of each kind, a third tenant, and the principals
 * who call the API: every role, a super admin, outsiders and forged tokens.
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const { app } = t;
  const db = app.services.db;
  const marker = `${CANARY_PREFIX}${randomBytes(6).toString('hex')}`;
  await app.listen({ port: 0, host: '127.0.0.1' });

  const acme = await enrolmentKey(app, 'Acme');
  const globex = await enrolmentKey(app, 'Globex');
  const people = await accounts(t);
  const sessions = await signIn(people);
  const superToken = sessions['super@demo.test'];

  // A third tenant whose owner has nothing of the victim's either.
  const otherTenant = crypto.randomUUID();
  await db
    .insert(tenants)
    .values({ id: otherTenant, name: `Initech ${randomBytes(3).toString('hex')}`, subscriptions: ['sdwan', 'ztna'], enrolmentKey: newEnrolmentKey() });
  const otherOwner = await people.insertUser('owner', otherTenant);
  const otherToken = (await people.login(otherOwner.email)).access;

  const {
    victim,
    agents,
    scimToken: victimScim,
  } = await plantVictim(t, {
    tenantId: globex.tenantId,
    enrolmentKey: globex.key,
    ownerToken: sessions['owner@globex.test'],
    superToken,
    people,
    canary: (what) => `${marker}${what}`,
  });
  const { attacker, freshObject, gateway } = await armAttacker(t, {
    tenantId: acme.tenantId,
    enrolmentKey: acme.key,
    ownerToken: sessions['owner@acme.test'],
    superToken,
    people,
  });

  const attackerScim = await must(app, 'POST', `/api/v1/tenant/scim/tokens/?tid=${acme.tenantId}`, sessions['owner@acme.test'], { name: 'Attacker provider' });

  return {
    t,
    marker,
    scimTokens: { attacker: String(attackerScim.token), victim: victimScim },
    attacker,
    victim,
    principals: await principalsOf(sessions, otherToken),
    victimToken: sessions['owner@globex.test'],
    agents: [...agents, gateway],
    login: people.login,
    freshObject,
    freshUser: (role) => people.freshUser(role, acme.tenantId),
    secondFactor: people.secondFactor,
    resetToken: people.resetToken,
    conformance: new Conformance(t.app.swagger()),
  };
}
