import type { Group } from '@netloom/domain';
import type { Actor } from '../../http/access';

/** The groups module, as provisioning changes groups: through its service, so its rules and audit rows hold. */
export interface GroupsPort {
  get(actor: Actor, id: string): Promise<Group>;
  create(actor: Actor, body: { name: string; description: string; user_ids: string[] }): Promise<Group>;
  update(actor: Actor, id: string, body: { name?: string }): Promise<Group>;
  remove(actor: Actor, id: string): Promise<void>;
  setMembers(actor: Actor, id: string, ids: string[]): Promise<Group>;
}

/** The users module: taking a member out of the organisation (held invitations, groups, an account left in none). */
export interface MembersPort {
  removeProvisioned(actor: Actor, userId: string): Promise<void>;
}

/** Zero trust: the endpoints these people are signed in on get their sections again, now. */
export interface ZtnaPort {
  usersChanged(actor: Actor, emails: readonly string[], message: string): Promise<void>;
}

/** Cached principals and open consoles of a changed user, on every instance (http/principal-cache.ts). */
export interface SessionsPort {
  userChanged(userId: string): Promise<void>;
}
