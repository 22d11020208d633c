import type { Role } from '@netloom/domain';
import type { TestApp } from '../../test/build';
import type { TestAgent } from '../../test/agent-client';
import { KINDS, type Kind } from '../openapi';
import type { Conformance } from '../conformance';

export interface Principal {
  name: string;
  token: string | null;
  isSuperAdmin: boolean;
  /** False for no token and for forged ones: nothing secured may answer them. */
  authentic: boolean;
  /** The tenant the principal acts in when it names none: the attacker's, another one, or none. */
  home: 'attacker' | 'other' | 'none';
}

export type Ids = Record<Kind, string[]>;

export const emptyIds = (): Ids => Object.fromEntries(KINDS.map((kind) => [kind, []])) as unknown as Ids;

/** One tenant of the world and one id list per kind of its objects. */
export interface Side {
  tenantId: string;
  ids: Ids;
}

/** A new object of the attacker tenant; one that lives inside a device (a revision, an alarm) names it. */
export interface FreshObject {
  id: string;
  name: string;
  deviceId?: string;
  /** An object inside another (a policy revision inside its application): the path names that one too. */
  within?: { kind: Kind; id: string };
}

export type SecondFactorPurpose = 'enable' | 'disable' | 'login';

export interface World {
  t: TestApp;
  /** Every text planted in the victim's data contains it; no answer to anyone else may. */
  marker: string;
  attacker: Side;
  victim: Side;
  /** Each side's SCIM provisioning token (the SCIM service is outside the API document: scim-probes.ts probes it). */
  scimTokens: { attacker: string; victim: string };
  principals: Principal[];
  /** The victim tenant's owner: reads the victim's data before and after the probes. */
  victimToken: string;
  /** A new user of the attacker tenant (or a new super admin) with a live session. */
  freshUser(role: Role | 'super'): Promise<{ id: string; email: string; token: string }>;
  login(email: string): Promise<{ access: string; refresh: string | null }>;
  /** A new object of the attacker tenant (a new tenant for kind 'tenant'), for calls that change or delete it. */
  freshObject(kind: Kind): Promise<FreshObject>;
  /** A password-reset token of a user, read from the mail the server sent. */
  resetToken(email: string): Promise<string | null>;
  /**
   * What a call that takes a second-factor code needs to be valid: for 'enable', a set-up begun
   * and its current TOTP code; for 'disable' and 'login', two-factor on and an unused recovery
   * code (the TOTP step is spent by the enabling), and for 'login' the sign-in's ephemeral token.
   */
  secondFactor(user: { email: string; token: string }, purpose: SecondFactorPurpose): Promise<{ code: string; ephemeral_token?: string }>;
  agents: TestAgent[];
  /** Every answer the probes receive, checked against what the document declares for it. */
  conformance: Conformance;
}
