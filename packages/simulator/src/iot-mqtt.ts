import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import { connectAsync, type MqttClient } from 'mqtt';
import type { IotTelemetryPoint } from '@netloom/domain';
import type { IotLanDevice, SensorKind } from './iot-lan';
import { noise, randomBetween, type Random } from './prng';

/** Readings a bridge keeps while the export does not take them: a few hours of a site's sensors, then the oldest go. */
const PENDING_MAX = 5_000;
/** A sensor publishes every 10–30 s, as battery sensors on a report interval and plugs on a power change do. */
const PUBLISH_EVERY_S: [number, number] = [10, 30];

interface Shared {
  broker: Aedes;
  server: Server;
  port: number;
}

/**
 * One MQTT broker (aedes) per simulator process, on loopback and an ephemeral port: each IoT
 * gateway's site has its own topic space under `site/<serial>/`, as each real site has its own
 * broker. Started with the first site and closed with the last.
 */
let shared: Promise<Shared> | null = null;
let users = 0;

async function startBroker(): Promise<Shared> {
  const broker = await Aedes.createBroker();
  const server = createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // Its sockets must not keep a simulator that is done from exiting.
  server.unref();
  return { broker, server, port: (server.address() as AddressInfo).port };
}

async function acquireBroker(): Promise<Shared> {
  users += 1;
  shared ??= startBroker();
  return shared;
}

async function releaseBroker(): Promise<void> {
  users -= 1;
  if (users > 0 || !shared) return;
  const s = await shared;
  shared = null;
  await new Promise<void>((resolve) => s.server.close(() => resolve()));
  await new Promise<void>((resolve) => s.broker.close(() => resolve()));
}

const NUMBER = /^\s*-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** A message as the gateway's bridge forwards it: a bare number as a value, JSON (or any other text) as a payload. */
function pointOf(topic: string, text: string, at: Date, device: { mac?: string; device_id?: string }): IotTelemetryPoint {
  const base = { topic, at: at.toISOString(), ...(device.mac ? { mac: device.mac } : {}), ...(device.device_id ? { device_id: device.device_id } : {}) };
  if (NUMBER.test(text)) return { ...base, value: Number(text) };
  try {
    return { ...base, payload: JSON.parse(text) as unknown };
  } catch {
    return { ...base, payload: text };
  }
}

/** What a sensor of a kind publishes now: topics (under its own name) and payloads, as Shelly gen1 and Tasmota firmware write them. */
function readings(kind: SensorKind, name: string, at: Date, state: { battery: number; energyKwh: number }, random: Random): [string, string][] {
  const hour = at.getUTCHours() + at.getUTCMinutes() / 60;
  switch (kind) {
    case 'shelly-ht': {
      state.battery = Math.max(5, state.battery - 0.005);
      const temperature = 21 + 1.5 * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + noise(random, 0.15);
      const humidity = 46 - 4 * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + noise(random, 1);
      return [
        [`shellies/${name}/sensor/temperature`, temperature.toFixed(2)],
        [`shellies/${name}/sensor/humidity`, humidity.toFixed(1)],
        [`shellies/${name}/sensor/battery`, String(Math.round(state.battery))],
      ];
    }
    case 'shelly-plug': {
      // A fridge: its compressor runs about a third of the time.
      const running = Math.floor(at.getTime() / 60_000) % 24 < 8;
      const power = running ? 95 + noise(random, 0.08) * 95 : 1.2 + random() * 0.4;
      return [[`shellies/${name}/relay/0/power`, power.toFixed(2)]];
    }
    case 'tasmota-energy': {
      // The office's coffee machine: heating in bursts during the day.
      const busy = hour >= 7 && hour <= 18 && random() < 0.3;
      const power = busy ? randomBetween(random, 1200, 1450) : randomBetween(random, 2, 4);
      state.energyKwh += (power / 1000) * (20 / 3600);
      const voltage = 230 + noise(random, 0.005) * 230;
      const payload = {
        Time: at.toISOString().slice(0, 19),
        ENERGY: {
          Total: Math.round(state.energyKwh * 1000) / 1000,
          Power: Math.round(power),
          Voltage: Math.round(voltage),
          Current: Math.round((power / voltage) * 1000) / 1000,
        },
      };
      return [[`tele/${name}/SENSOR`, JSON.stringify(payload)]];
    }
  }
}

export interface IotTelemetryOptions {
  /** Seconds between a sensor's publications (PUBLISH_EVERY_S unless a test wants otherwise). */
  publishEveryS?: [number, number];
  /** Told of each point the bridge forwards (tests wait on it). */
  onPoint?: (point: IotTelemetryPoint) => void;
}

/**
 * An IoT site's MQTT: its Wi-Fi sensors publish their readings through real MQTT clients to the
 * broker, and the gateway's bridge, subscribed to the site's topics, turns each message into an
 * `iot_telemetry` point with the publishing device's MAC and client id, kept until exported.
 */
export class IotTelemetrySite {
  private bridge: MqttClient | null = null;
  private readonly clients: MqttClient[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private pending: IotTelemetryPoint[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;
  private acquired = false;
  private readonly state = new Map<string, { battery: number; energyKwh: number }>();

  constructor(
    private readonly serial: string,
    private readonly sensors: readonly IotLanDevice[],
    private readonly random: Random,
    private readonly opts: IotTelemetryOptions = {},
  ) {}

  private get prefix(): string {
    return `site/${this.serial}/`;
  }

  /** Connects the bridge and the sensors, which start publishing; resolves once all are connected. */
  start(): Promise<void> {
    this.stopped = false;
    this.running ??= this.connect().catch(async () => {
      // A broker that cannot start costs the site its telemetry, not the device.
      await this.disconnect();
      this.running = null;
    });
    return this.running;
  }

  private async connect(): Promise<void> {
    this.acquired = true;
    const { port } = await acquireBroker();
    const url = `mqtt://127.0.0.1:${port}`;
    const bridge = await connectAsync(url, { clientId: `bridge-${this.serial}`, reconnectPeriod: 0 });
    this.bridge = bridge;
    bridge.on('message', (topic, payload) => this.forward(topic, payload.toString('utf8')));
    await bridge.subscribeAsync(`${this.prefix}#`);
    for (const s of this.sensors) {
      if (!s.sensor) continue;
      const client = await connectAsync(url, { clientId: `${this.serial}-${s.sensor.clientId}`, reconnectPeriod: 0 });
      this.clients.push(client);
      this.state.set(s.mac, { battery: 60 + this.random() * 40, energyKwh: 10 + this.random() * 200 });
      // As Shelly and Tasmota firmware do, a sensor reports once it is connected, then on its period.
      this.publishNow(s, client);
      this.schedule(s, client);
    }
    if (this.stopped) await this.disconnect();
  }

  private schedule(s: IotLanDevice, client: MqttClient): void {
    const [min, max] = this.opts.publishEveryS ?? PUBLISH_EVERY_S;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (this.stopped) return;
        this.publishNow(s, client);
        this.schedule(s, client);
      },
      randomBetween(this.random, min, max) * 1000,
    );
    timer.unref?.();
    this.timers.add(timer);
  }

  /** A reading published while the broker goes away is lost, as a real sensor's is: never the simulator's failure. */
  private publishNow(s: IotLanDevice, client: MqttClient): void {
    this.publish(s, client).catch(() => undefined);
  }

  private publish(s: IotLanDevice, client: MqttClient): Promise<void> {
    const done = readings(s.sensor!.kind, s.sensor!.clientId, new Date(), this.state.get(s.mac)!, this.random).map(([topic, text]) =>
      client.publishAsync(`${this.prefix}${topic}`, text, { qos: 1 }).then(() => undefined),
    );
    return Promise.all(done).then(() => undefined);
  }

  /** Every sensor publishes now (tests; an operator's 'refresh'). */
  async publishAll(): Promise<void> {
    await this.start();
    const clients = [...this.clients];
    await Promise.all(this.sensors.filter((s) => s.sensor).map((s, i) => (clients[i] ? this.publish(s, clients[i]) : Promise.resolve())));
  }

  private forward(fullTopic: string, text: string): void {
    if (!fullTopic.startsWith(this.prefix)) return;
    const topic = fullTopic.slice(this.prefix.length);
    const levels = topic.split('/');
    const sensor = this.sensors.find((s) => s.sensor && levels.includes(s.sensor.clientId));
    const point = pointOf(topic, text, new Date(), sensor ? { mac: sensor.mac, device_id: sensor.sensor!.clientId } : {});
    this.pending.push(point);
    if (this.pending.length > PENDING_MAX) this.pending.shift();
    this.opts.onPoint?.(point);
  }

  /** The points bridged since the last call, oldest first. */
  drain(): IotTelemetryPoint[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  /** Sensors and bridge disconnect; the process's broker closes with its last site. */
  async stop(): Promise<void> {
    this.stopped = true;
    const was = this.running;
    this.running = null;
    if (!was) return;
    await was;
    await this.disconnect();
  }

  private async disconnect(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    const all = [...this.clients.splice(0), ...(this.bridge ? [this.bridge] : [])];
    this.bridge = null;
    await Promise.all(all.map((c) => c.endAsync(true)));
    if (!this.acquired) return;
    this.acquired = false;
    await releaseBroker();
  }
}
