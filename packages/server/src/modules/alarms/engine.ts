import type { FastifyBaseLogger } from 'fastify';
import {
  alarmText,
  effectiveAlarmSettings,
  freshSubject,
  observe,
  performanceTiming,
  qualityState,
  UP_DOWN_TIMING,
  upDownState,
  type AlarmKind,
  type AlarmSettings,
  type AlarmState,
  type AlarmTiming,
  type Heartbeat,
  type Metrics,
  type SubjectState,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import type { DeviceRecord } from '../../fleet/device-row';
import * as repo from './repo';

/** A device's alarm settings (its own, else its tenant's default) are read again after this long: a change counts within a minute. */
const SETTINGS_TTL_MS = 60_000;

type Device = Pick<DeviceRecord, 'id' | 'tenantId' | 'name' | 'serial' | 'kind' | 'wanStatus'>;

interface Watched {
  subjects: Map<string, SubjectState>;
  /** The device's observations, one after the other: a change is stored before the next is judged. */
  queue: Promise<void>;
  loaded: boolean;
  settings: { value: AlarmSettings; readAt: number } | null;
}

interface Seen {
  kind: AlarmKind;
  subject: string;
  state: AlarmState;
  timing: AlarmTiming;
  detail?: string | null;
}

const keyOf = (kind: AlarmKind, subject: string) => `${kind}\u0000${subject}`;

/**
 * Turns what devices report into alarms as it arrives: reachability, each WAN link up or down,
 * each link's quality against the device's thresholds, each IPsec tunnel. Judging is in memory
 * (the rules of packages/domain), so the stream of repeated heartbeats costs no query; only a
 * change goes to the database, through one conditional update that lets exactly one caller in
 * the cluster record and announce it. Work is queued per device and never awaited by ingest.
 */
export class AlarmEngine {
  private readonly watched = new Map<string, Watched>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly announce: (alarm: repo.AlarmRow, deviceName: string) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  heartbeat(device: Device, hb: Heartbeat): void {
    const seen: Seen[] = [];
    for (const link of hb.wan) {
      const state = upDownState(link.status);
      if (state) seen.push({ kind: 'wan', subject: link.name, state, timing: UP_DOWN_TIMING });
    }
    for (const tunnel of hb.ipsec ?? []) {
      const state = upDownState(tunnel.status);
      if (state) seen.push({ kind: 'ipsec', subject: tunnel.name, state, timing: UP_DOWN_TIMING });
    }
    if (seen.length) this.enqueue(device, async () => seen);
  }

  metrics(device: Device, m: Metrics): void {
    if (m.ping.length === 0) return;
    // The performance alarms name the WAN link as the WAN alarms do; a probe on another interface keeps its own name.
    const names = new Map(device.wanStatus.map((w) => [w.ifname, w.name]));
    this.enqueue(device, async (w) => {
      const settings = await this.settings(device, w);
      const timing = performanceTiming(settings);
      return m.ping.map((p) => ({
        kind: 'performance' as const,
        subject: names.get(p.ifname) ?? p.ifname,
        state: qualityState(p, settings),
        timing,
        detail: `latency ${p.latency_ms ?? '–'} ms, jitter ${p.jitter_ms ?? '–'} ms, loss ${p.loss_pct} %`,
      }));
    });
  }

  /** Connected (true) or gone: closed, or silent past the offline time. */
  reachable(device: Device, up: boolean): void {
    // Laptops come and go all day: only a gateway out of reach is an alarm.
    if (device.kind !== 'gateway') return;
    this.enqueue(device, async () => [{ kind: 'device', subject: '', state: up ? 'OK' : 'Alerting', timing: UP_DOWN_TIMING }]);
    // A device gone is not watched here any more (the sweep's instance may never have held it).
    if (!up) this.forgetWhenIdle(device.id);
  }

  private forgetWhenIdle(deviceId: string): void {
    const w = this.watched.get(deviceId);
    if (!w) return;
    const last = w.queue;
    // Unless something newer was queued meanwhile (the device is back).
    void last.then(() => {
      if (this.watched.get(deviceId) === w && w.queue === last) this.watched.delete(deviceId);
    });
  }

  /** The device left this instance: what it knew is read again from the database when it is back. */
  forget(deviceId: string): void {
    this.watched.delete(deviceId);
  }

  /** Waits for the observations queued so far (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.watched.values()].map((w) => w.queue));
  }

  private enqueue(device: Device, judge: (w: Watched) => Promise<Seen[]>): void {
    let w = this.watched.get(device.id);
    if (!w) this.watched.set(device.id, (w = { subjects: new Map(), queue: Promise.resolve(), loaded: false, settings: null }));
    const watched = w;
    watched.queue = watched.queue
      .then(async () => {
        await this.load(device.id, watched);
        for (const seen of await judge(watched)) await this.judge(device, watched, seen);
      })
      .catch((err: unknown) => this.log.warn({ err, device: device.id }, 'alarm evaluation failed'));
  }

  private async load(deviceId: string, w: Watched): Promise<void> {
    if (w.loaded) return;
    for (const row of await repo.deviceStates(this.db, deviceId)) {
      w.subjects.set(keyOf(row.kind as AlarmKind, row.subject), { ...freshSubject(), state: row.state as AlarmState });
    }
    w.loaded = true;
  }

  private async judge(device: Device, w: Watched, seen: Seen): Promise<void> {
    const key = keyOf(seen.kind, seen.subject);
    const now = this.now();
    const { next, change } = observe(w.subjects.get(key) ?? freshSubject(), seen.state, now, seen.timing);
    if (!change) {
      w.subjects.set(key, next);
      return;
    }
    const stored = await repo.recordChange(this.db, {
      tenantId: device.tenantId,
      deviceId: device.id,
      deviceName: device.name,
      deviceSerial: device.serial,
      kind: seen.kind,
      subject: seen.subject,
      state: change,
      alarm: alarmText(seen.kind, seen.subject, change),
      detail: seen.kind === 'performance' ? (seen.detail ?? null) : null,
      at: new Date(now),
    });
    // Stored, or found stored already by another instance: either way it is the state now.
    w.subjects.set(key, next);
    if (stored) await this.announce(stored, device.name);
  }

  private async settings(device: Device, w: Watched): Promise<AlarmSettings> {
    const now = this.now();
    if (w.settings && now - w.settings.readAt < SETTINGS_TTL_MS) return w.settings.value;
    const [own, tenantDefault] = await Promise.all([repo.alarmSettingsOf(this.db, device.id), repo.tenantAlarmDefaultsOf(this.db, device.tenantId)]);
    w.settings = { value: effectiveAlarmSettings(own, tenantDefault), readAt: now };
    return w.settings.value;
  }
}
