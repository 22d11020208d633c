import { connect, type MqttClient } from 'mqtt';
import { iotTelemetryPointSchema, IOT_PAYLOAD_MAX_CHARS, isMqttTopicFilter, isStorableJson, normaliseMac, type IotTelemetryPoint } from '@netloom/domain';

/** Points kept while the server is not taking them: past this the oldest go (a broker flooding the bridge must not exhaust the box). */
const BUFFER_MAX = 20_000;
const NUMBER_TEXT = /^\s*-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

export interface MqttBridgeOptions {
  /** The broker: mqtt://host:port (mqtts:// with TLS), with a user and password in the URL if it wants them. */
  url: string;
  /** Topic filters to bridge ('#' by default: every topic but the broker's own $SYS). */
  topics: string[];
  log: (line: string) => void;
}

/**
 * The device a topic names, by the conventions of the common firmwares: zigbee2mqtt/<name>,
 * Tasmota's tele|stat|cmnd/<name>/…, shellies/<name>/…, homie/<id>/…, and a level that is a MAC
 * (many devices put theirs in their topics). What the tenant's forwarding rules say wins later.
 */
export function deviceOfTopic(topic: string): { mac?: string; device_id?: string } {
  const levels = topic.split('/');
  const mac = levels.map((l) => (/^[0-9a-f]{12}$|^([0-9a-f]{2}[:-]){5}[0-9a-f]{2}$/i.test(l) ? normaliseMac(l) : null)).find(Boolean);
  const [first, second] = levels;
  const named =
    second && levels.length >= 2 && ['zigbee2mqtt', 'shellies', 'homie'].includes(first!)
      ? second
      : second && levels.length >= 3 && ['tele', 'stat', 'cmnd'].includes(first!)
        ? second
        : undefined;
  const device_id = named && named.length <= 128 && !named.startsWith('bridge') ? named : undefined;
  return { ...(mac ? { mac } : {}), ...(device_id ? { device_id } : {}) };
}

/**
 * One MQTT message as a telemetry point: a bare number (as text, as sensors publish it) is the
 * value; JSON is the payload; other UTF-8 text is the payload as a JSON string. Null for what
 * cannot be a point: a payload that is not UTF-8 (a firmware image), too long, or empty (a
 * retained message being cleared).
 */
export function telemetryPoint(topic: string, payload: Buffer, at: Date): IotTelemetryPoint | null {
  if (payload.length === 0 || payload.length > IOT_PAYLOAD_MAX_CHARS * 4) return null;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(payload);
  if (text.includes('\uFFFD')) return null;
  let body: { value: number } | { payload: unknown };
  if (NUMBER_TEXT.test(text) && Number.isFinite(Number(text))) body = { value: Number(text) };
  else {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    if (!isStorableJson(json) || JSON.stringify(json).length > IOT_PAYLOAD_MAX_CHARS) return null;
    body = { payload: json };
  }
  const point = iotTelemetryPointSchema.safeParse({ ...deviceOfTopic(topic), topic, at: at.toISOString(), ...body });
  return point.success ? point.data : null;
}

/**
 * The gateway's bridge to an MQTT broker (on the box or on its LAN): it subscribes to the topics
 * it is told and keeps each message as a point until the next export takes them. The client
 * reconnects by itself when the broker goes away; its subscriptions are made again then.
 */
export class MqttBridge {
  private client: MqttClient | null = null;
  private points: IotTelemetryPoint[] = [];
  private dropped = 0;

  constructor(private readonly opts: MqttBridgeOptions) {
    const bad = opts.topics.find((t) => !isMqttTopicFilter(t));
    if (bad !== undefined) throw new Error(`not an MQTT topic filter: '${bad}'`);
  }

  /** Connects unless it is connected (the device calls it again at every reconnection to the server). */
  start(): void {
    if (this.client) return;
    const client = connect(this.opts.url, {
      clientId: `netloom-agent-${Math.random().toString(16).slice(2, 10)}`,
      reconnectPeriod: 2_000,
      connectTimeout: 10_000,
      // Every bridge has its own view: no session kept on the broker for a client id it will not use again.
      clean: true,
    });
    this.client = client;
    client.on('connect', () => {
      this.opts.log(`MQTT bridge connected to ${new URL(this.opts.url).host}`);
      client.subscribe(this.opts.topics, { qos: 0 }, (err) => err && this.opts.log(`MQTT subscribe failed: ${err.message}`));
    });
    client.on('error', (err) => this.opts.log(`MQTT bridge: ${err.message}`));
    client.on('message', (topic, payload) => {
      const point = telemetryPoint(topic, payload, new Date());
      if (!point) return;
      this.points.push(point);
      if (this.points.length > BUFFER_MAX) {
        this.points.shift();
        this.dropped++;
      }
    });
  }

  /** The points bridged since the last call, oldest first. */
  drain(): IotTelemetryPoint[] {
    if (this.dropped) {
      this.opts.log(`MQTT bridge: ${this.dropped} messages dropped, more came than the server took`);
      this.dropped = 0;
    }
    return this.points.splice(0);
  }

  async stop(): Promise<void> {
    await this.client?.endAsync(true).catch(() => undefined);
    this.client = null;
  }
}
