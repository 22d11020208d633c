import { randomBytes } from 'node:crypto';
import type { channelBodySchema } from '@netloom/domain';
import {
  alarmSeverity,
  type AlarmEvent,
  type AlarmKind,
  type AlarmSeverity,
  type AlarmState,
  type Channel,
  type CreatedChannel,
  type Delivery,
} from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import * as repo from './channels-repo';
import { resolveTarget, type TargetPolicy } from './webhook-target';

type ChannelInput = z.output<typeof channelBodySchema>;

function channelAnswer(row: repo.ChannelRow): Channel {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as Channel['kind'],
    target: row.target,
    alarm_kinds: row.alarmKinds as AlarmKind[],
    states: row.states as AlarmState[],
    min_severity: row.minSeverity as AlarmSeverity,
    enabled: row.enabled,
    signed: row.secret !== null,
    created_at: row.createdAt.toISOString(),
  };
}

function deliveryAnswer(row: repo.DeliveryRow): Delivery {
  const event = row.payload as unknown as AlarmEvent;
  return {
    id: row.id,
    channel_id: row.channelId,
    alarm_id: row.alarmId,
    summary: event.test ? 'Test notification' : `${event.device_name}: ${event.alarm}`,
    state: row.state as Delivery['state'],
    attempts: row.attempts,
    status_code: row.statusCode,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}

/** A webhook's signing secret: made by the server, kept when the channel is edited. */
const newSecret = () => randomBytes(24).toString('base64url');
const what = (c: ChannelInput) => ({
  name: c.name,
  kind: c.kind,
  target: c.target,
  alarm_kinds: c.alarm_kinds,
  states: c.states,
  min_severity: c.min_severity,
  enabled: c.enabled,
});

/** Notification channels (System tools → globalNotification) and their delivery log. */
export class ChannelService {
  constructor(
    private readonly db: Db,
    private readonly targets: TargetPolicy,
  ) {}

  /**
   * A webhook the server would refuse to call is refused when it is saved, where its owner sees
   * why, instead of failing every delivery later. Sending checks again: a name's addresses change.
   */
  private async refuseUnreachable(body: ChannelInput): Promise<void> {
    if (body.kind !== 'webhook') return;
    const target = await resolveTarget(body.target, this.targets);
    if ('refused' in target) throw errors.invalid({ target: [`Not allowed: ${target.refused}`] }, `The webhook URL cannot be used: ${target.refused}.`);
  }

  async list(actor: Actor): Promise<Channel[]> {
    return (await repo.listChannels(this.db, actor.scope.tenantId)).map(channelAnswer);
  }

  /** The one answer that carries a new webhook's secret (shown once in the console). */
  async create(actor: Actor, body: ChannelInput): Promise<CreatedChannel> {
    await this.refuseUnreachable(body);
    const row = await this.db.transaction(async (tx) => {
      const inserted = await repo.insertChannel(tx, actor.scope.tenantId, body, body.kind === 'webhook' ? newSecret() : null);
      await audit(tx, actor, 'notification_channel.created', inserted.id, what(body));
      return inserted;
    });
    return { ...channelAnswer(row), secret: row.secret };
  }

  /**
   * A webhook's new signing secret, answered once: calls are signed with it from now on (a
   * delivery still being retried too), so the receiver takes the new one before the next alarm.
   * The audit row says who rotated it, never the secret.
   */
  async rotateSecret(actor: Actor, id: string): Promise<{ secret: string }> {
    return this.db.transaction(async (tx) => {
      const secret = newSecret();
      const rotated = await repo.setWebhookSecret(tx, actor.scope.tenantId, id, secret);
      if (!rotated) {
        if (!(await repo.findChannel(tx, actor.scope.tenantId, id))) throw errors.notFound();
        throw errors.conflict('An e-mail channel has no signing secret.');
      }
      await audit(tx, actor, 'notification_channel.secret_rotated', id, { name: rotated.name });
      return { secret };
    });
  }

  async update(actor: Actor, id: string, body: ChannelInput): Promise<Channel> {
    await this.refuseUnreachable(body);
    const row = await this.db.transaction(async (tx) => {
      const before = await repo.findChannel(tx, actor.scope.tenantId, id);
      if (!before) throw errors.notFound();
      const secret = body.kind === 'webhook' ? (before.secret ?? newSecret()) : null;
      const updated = await repo.updateChannel(tx, actor.scope.tenantId, id, body, secret);
      await audit(tx, actor, 'notification_channel.updated', id, what(body));
      return updated!;
    });
    return channelAnswer(row);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const gone = await repo.deleteChannel(tx, actor.scope.tenantId, id);
      if (!gone) throw errors.notFound();
      await audit(tx, actor, 'notification_channel.deleted', id, { name: gone.name });
    });
  }

  /** 'Send test': a test event queued like an alarm's, to see the channel work end to end. */
  async sendTest(actor: Actor, id: string): Promise<Delivery> {
    const channel = await repo.findChannel(this.db, actor.scope.tenantId, id);
    if (!channel) throw errors.notFound();
    const event: AlarmEvent = {
      id: crypto.randomUUID(),
      test: true,
      tenant_id: actor.scope.tenantId,
      device_id: null,
      device_name: 'Test device',
      kind: 'wan',
      interface: 'WAN1',
      state: 'Alerting',
      severity: alarmSeverity('wan', 'Alerting'),
      alarm: 'WAN WAN1 down (test)',
      detail: null,
      time: new Date().toISOString(),
    };
    return deliveryAnswer(await repo.queueTest(this.db, actor.scope.tenantId, id, event));
  }

  async deliveries(actor: Actor, id: string, page: { offset: number; limit: number | null }) {
    if (!(await repo.findChannel(this.db, actor.scope.tenantId, id))) throw errors.notFound();
    const { rows, total } = await repo.deliveries(this.db, id, page);
    return { rows: rows.map(deliveryAnswer), total };
  }
}
