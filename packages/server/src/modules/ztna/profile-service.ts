import { ZTNA_LIMITS, type EndpointProfile, type endpointProfileInputSchema, type movpnBodySchema } from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import * as repo from './repo';
import { checkReferences, uniqueName } from './references';
import type { ZtnaRecommit } from './recommit';

type ProfileInput = z.output<typeof endpointProfileInputSchema>;

/**
 * Endpoint profiles: what a client connects to and how. Every tenant has its default 'mza' (made
 * the first time anyone looks), which covers every endpoint no other profile is assigned to; it
 * can be changed but not renamed or deleted.
 */
export class EndpointProfileService {
  constructor(
    private readonly db: Db,
    private readonly recommit: ZtnaRecommit,
  ) {}

  async list(actor: Actor): Promise<EndpointProfile[]> {
    await repo.ensureDefaultProfile(this.db, actor.scope.tenantId);
    return repo.listProfiles(this.db, actor.scope.tenantId);
  }

  async get(actor: Actor, id: string): Promise<EndpointProfile> {
    await repo.ensureDefaultProfile(this.db, actor.scope.tenantId);
    const p = await repo.findProfile(this.db, actor.scope.tenantId, id);
    if (!p) throw errors.notFound();
    return p;
  }

  async create(actor: Actor, input: ProfileInput): Promise<EndpointProfile> {
    const tenantId = actor.scope.tenantId;
    await this.checkReferences(tenantId, input);
    const profile: EndpointProfile = { ...input, id: crypto.randomUUID(), is_default: false };
    await uniqueName('profile', () =>
      this.recommit.change(
        actor,
        `Endpoint profile '${input.name}' created`,
        async (tx) => {
          if ((await repo.listProfiles(tx, tenantId)).length >= ZTNA_LIMITS.profiles)
            throw errors.invalid({ non_field_errors: [`At most ${ZTNA_LIMITS.profiles} profiles`] });
          await repo.insertProfile(tx, tenantId, profile);
          await audit(tx, actor, 'ztna.profile_created', profile.id, { name: profile.name });
        },
        () => ({ changes: [{ kind: 'profile', before: null, after: profile }] }),
      ),
    );
    return profile;
  }

  async update(actor: Actor, id: string, input: ProfileInput): Promise<EndpointProfile> {
    const tenantId = actor.scope.tenantId;
    await this.checkReferences(tenantId, input);
    return uniqueName('profile', () =>
      this.recommit
        .change(
          actor,
          `Endpoint profile '${input.name}' changed`,
          async (tx) => {
            const before = await repo.findProfile(tx, tenantId, id);
            if (!before) throw errors.notFound();
            if (before.is_default && input.name !== before.name) throw errors.invalid({ name: ['The default profile keeps its name'] });
            const after: EndpointProfile = { ...input, id, is_default: before.is_default };
            await repo.updateProfile(tx, tenantId, after);
            await audit(tx, actor, 'ztna.profile_changed', id, { before, after });
            return { before, after };
          },
          (r) => ({ changes: [{ kind: 'profile', ...r }] }),
        )
        .then((r) => r.after),
    );
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const tenantId = actor.scope.tenantId;
    await this.recommit.change(
      actor,
      'Endpoint profile deleted',
      async (tx) => {
        const gone = await repo.findProfile(tx, tenantId, id);
        if (!gone) throw errors.notFound();
        if (gone.is_default) throw errors.conflict('The default profile cannot be deleted.');
        await repo.deleteProfile(tx, tenantId, id);
        await audit(tx, actor, 'ztna.profile_deleted', id, { name: gone.name });
        return gone;
      },
      (gone) => ({ changes: [{ kind: 'profile', before: gone, after: null }] }),
    );
  }

  /**
   * The assistant's MZA profile (spec 001 §7 `device/movpn/{device_id}/movpns/`): a new profile,
   * checked as any, assigned to that endpoint alone; the endpoint leaves the profiles it was
   * assigned to before, so this is the one it gets.
   */
  async movpn(actor: Actor, deviceId: string, body: z.output<typeof movpnBodySchema>): Promise<EndpointProfile> {
    const tenantId = actor.scope.tenantId;
    const owned = await repo.ownedIds(this.db, tenantId, { endpoints: [deviceId] });
    if (!owned.endpoints.has(deviceId)) throw errors.notFound();
    const input: ProfileInput = { ...body.final_payload, assigned: { endpoints: [deviceId], groups: [] } };
    await this.checkReferences(tenantId, input, 'final_payload.');
    const profile: EndpointProfile = { ...input, id: crypto.randomUUID(), is_default: false };
    await uniqueName('profile', () =>
      this.recommit.change(
        actor,
        `Endpoint profile '${input.name}' from the assistant`,
        async (tx) => {
          for (const p of await repo.listProfiles(tx, tenantId)) {
            if (!p.assigned.endpoints.includes(deviceId)) continue;
            await repo.updateProfile(tx, tenantId, { ...p, assigned: { ...p.assigned, endpoints: p.assigned.endpoints.filter((e) => e !== deviceId) } });
          }
          await repo.insertProfile(tx, tenantId, profile);
          await audit(tx, actor, 'ztna.profile_created', profile.id, { name: profile.name, device_id: deviceId, via: 'movpn' });
        },
        () => ({ deviceIds: [deviceId] }),
      ),
    );
    return profile;
  }

  private checkReferences(tenantId: string, p: ProfileInput, prefix = ''): Promise<void> {
    return checkReferences(this.db, tenantId, [
      { field: `${prefix}relays`, kind: 'relays', ids: p.relays },
      { field: `${prefix}resources`, kind: 'servers', ids: p.resources },
      { field: 'assigned.endpoints', kind: 'endpoints', ids: p.assigned.endpoints },
      { field: 'assigned.groups', kind: 'groups', ids: p.assigned.groups },
    ]);
  }
}
