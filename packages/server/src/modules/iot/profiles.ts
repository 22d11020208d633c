import {
  allowInProfile,
  deviations,
  learn,
  newProfile,
  profileFlows,
  PROFILE_LEARNING_DAYS_DEFAULT,
  type CommunicationProfile,
  type IotClass,
  type IotProfile,
  type NdrDetection,
  type NdrFlow,
  type ProfileEntry,
  type ProfileFlow,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import * as repo from './repo';

/** Where the deviations go as detections (NDR's `record`, wired in the composition root): triaged and scored with NDR's own. */
export interface IotDetectionsPort {
  record(tenantId: string, detections: NdrDetection[]): Promise<void>;
}

function groupBy<T, K>(items: readonly T[], key: (t: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const profileView = (p: CommunicationProfile, devices: number, now: number): IotProfile => ({
  ...p,
  state: now < Date.parse(p.learning_until) ? 'learning' : 'enforcing',
  devices,
});

/**
 * The per-class communication profiles: each tenant's flows of a class's devices teach its profile
 * during the learning period; after it, what the profile lacks is a deviation, kept on the
 * device's page and raised to NDR. Flows are matched to devices by the gateway that exported
 * them and the device's LAN address (two branches may use the same private addresses).
 */
export class IotProfiles {
  constructor(
    private readonly db: Db,
    private readonly detections: IotDetectionsPort,
    private readonly learningDays = PROFILE_LEARNING_DAYS_DEFAULT,
    private readonly now: () => number = Date.now,
  ) {}

  /** A tenant's stored flows (NDR's evidence tap, after they are committed): learnt from or judged, per class. Answers the detections raised. */
  async observe(tenantId: string, flows: readonly NdrFlow[]): Promise<NdrDetection[]> {
    if (flows.length === 0) return [];
    const known = await repo.addressedDevices(this.db, tenantId);
    if (known.length === 0) return [];
    const byPlace = new Map(known.map((d) => [`${d.gatewayId}|${d.ip}`, d]));
    const flowsOf = groupBy(flows, (f) => f.device_id);
    const raised: NdrDetection[] = [];
    for (const [cls, members] of groupBy(known, (d) => d.effective)) {
      const classFlows: ProfileFlow[] = [];
      for (const [gatewayId, devices] of groupBy(members, (d) => d.gatewayId)) {
        const seen = flowsOf.get(gatewayId);
        if (seen) classFlows.push(...profileFlows(seen, new Map(devices.map((d) => [d.ip!, d.mac ?? d.key]))));
      }
      if (classFlows.length === 0) continue;
      raised.push(...(await this.learnAndJudge(tenantId, cls, classFlows, byPlace)));
    }
    if (raised.length) await this.detections.record(tenantId, raised);
    return raised;
  }

  private async learnAndJudge(tenantId: string, cls: IotClass, flows: ProfileFlow[], byPlace: Map<string, repo.DeviceRow>): Promise<NdrDetection[]> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const profile = (await repo.lockedProfile(tx, tenantId, cls)) ?? newProfile(cls, now, this.learningDays);
      // Judged against what was known before these flows: after the learning period they only refresh it anyway.
      const found = deviations(profile, flows);
      await repo.saveProfile(tx, tenantId, learn(profile, flows, now));
      await repo.upsertDeviations(
        tx,
        found.flatMap((d) => {
          const device = byPlace.get(`${d.host.device_id}|${d.host.ip}`);
          if (!device) return [];
          const fact = (k: string) => (d.facts[k] === undefined ? null : String(d.facts[k]));
          return [
            {
              id: crypto.randomUUID(),
              tenantId,
              iotDeviceId: device.id,
              dedupeKey: d.dedupe_key,
              kind: fact('deviation') ?? 'deviation',
              severity: d.severity,
              title: d.title,
              summary: d.summary,
              peer: d.peer,
              country: fact('country'),
              service: fact('service'),
              firstSeen: new Date(d.first_seen),
              lastSeen: new Date(d.last_seen),
              count: Math.max(1, d.evidence.length),
            },
          ];
        }),
      );
      return found;
    });
  }

  async profileOf(tenantId: string, cls: IotClass): Promise<IotProfile | null> {
    const profile = (await repo.profilesOf(this.db, tenantId)).find((p) => p.class === cls);
    if (!profile) return null;
    return profileView(profile, (await repo.countByClass(this.db, tenantId)).get(cls) ?? 0, this.now());
  }

  async list(actor: Actor): Promise<IotProfile[]> {
    const tenantId = actor.scope.tenantId;
    const [profiles, counts] = await Promise.all([repo.profilesOf(this.db, tenantId), repo.countByClass(this.db, tenantId)]);
    const now = this.now();
    return profiles.map((p) => profileView(p, counts.get(p.class) ?? 0, now));
  }

  /** The class learns again from now: its entries are forgotten (a device replaced, a new recorder). */
  async relearn(actor: Actor, cls: IotClass, learningDays = this.learningDays): Promise<IotProfile> {
    const tenantId = actor.scope.tenantId;
    const now = this.now();
    const fresh = newProfile(cls, now, learningDays);
    await this.db.transaction(async (tx) => {
      await repo.lockedProfile(tx, tenantId, cls);
      await repo.saveProfile(tx, tenantId, fresh);
      await audit(tx, actor, 'iot.profile_relearn', cls, { learning_days: learningDays });
    });
    return profileView(fresh, (await repo.countByClass(this.db, tenantId)).get(cls) ?? 0, now);
  }

  /** An admin accepts what a deviation showed: the entry joins the profile whatever its learning period. Null when the class has no profile yet. */
  async allow(actor: Actor, cls: IotClass, entry: Omit<ProfileEntry, 'first_seen' | 'last_seen' | 'flows'>): Promise<IotProfile | null> {
    const tenantId = actor.scope.tenantId;
    const now = this.now();
    const saved = await this.db.transaction(async (tx) => {
      const profile = await repo.lockedProfile(tx, tenantId, cls);
      if (!profile) return null;
      const next = allowInProfile(profile, entry, now);
      await repo.saveProfile(tx, tenantId, next);
      await audit(tx, actor, 'iot.profile_allow', cls, { ...entry });
      return next;
    });
    return saved && profileView(saved, (await repo.countByClass(this.db, tenantId)).get(cls) ?? 0, now);
  }

  /** A class's profile as it is now, for segmentation; an empty one (nothing allowed) when none was learnt. */
  async current(tenantId: string, cls: IotClass): Promise<CommunicationProfile> {
    return (await repo.profilesOf(this.db, tenantId)).find((p) => p.class === cls) ?? newProfile(cls, this.now(), 0);
  }
}
