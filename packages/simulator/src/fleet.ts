import { autoVpnAddress } from '@netloom/domain';
import type { BackoffOptions } from './backoff';
import type { DeviceBehaviour } from './behaviour';
import { SimulatedDevice, type DeviceEvent, type DeviceState, type SavedDevice } from './device';
import { DEFAULT_SESSION_RULES, EndpointBehaviour, type SessionRules } from './endpoint-behaviour';
import { GatewayBehaviour } from './gateway-behaviour';
import type { FlapRules } from './links';
import { mulberry32, seedFrom } from './prng';
import { endpointProfile, gatewayProfile, withEndpointSpec, type EndpointSpec } from './profiles';
import type { ZtnaClientOptions } from './ztna-client';
import type { DemClientOptions } from './dem-client';
import type { EndpointExperience } from './dem-experience';
import { bgpProfileOf } from './status-model';
import type { FleetGateway } from './fleet-view';
import { WafPopBehaviour, wafPopProfile } from './waf-pop';
import type { GuardScripts } from './waf-guard-traffic';
import { NDR_SCENARIO_LABELS, type NdrScenarioKind } from './ndr-scenarios';

export interface FleetTenant {
  enrolmentKey: string;
  gateways: number;
  endpoints: number;
  /** Endpoint users sign in with addresses of this domain. */
  emailDomain: string;
  /** How many of its gateways (the first ones) are app connectors: they say so in their hello and publish their site's servers once the tenant names it. */
  appConnectors?: number;
  /** How many of its gateways (the last ones) are IoT sites: the tenant subscribes to the IoT Gateway, they report their LANs' devices and bridge their sensors' MQTT. */
  iotSites?: number;
  /** Simulated QShield POPs (WAF edges) of the organisation. */
  wafPops?: number;
  /** What is chosen of its first endpoints, in order (who signs in, the system, the posture); the others are as the seed makes them. */
  endpointSpecs?: EndpointSpec[];
}

/** Saved devices by serial: credentials and sequence numbers that outlive a run. */
export type SavedFleet = Record<string, SavedDevice>;

export interface FleetOptions {
  url: string;
  tenants: FleetTenant[];
  seed?: number;
  heartbeatJitter?: number;
  /** Starts are spread over this window: the first heartbeat interval (the server's default 10 s). */
  staggerMs?: number;
  saved?: SavedFleet;
  /** Endpoint users signing off and back; false keeps every endpoint on. */
  sessions?: SessionRules | false;
  flapRules?: FlapRules;
  backoff?: BackoffOptions;
  rebootMs?: [number, number];
  /** Chance per heartbeat that a gateway's configuration is changed on the box. */
  driftChance?: number;
  confirmWindowMs?: number;
  /** Seconds between the devices' flow exports (default FLOW_ACTIVE_TIMEOUT_S, 60); 0: no flows. */
  flowIntervalS?: number;
  /** Flow batches each device keeps unacknowledged (a test shortens it to see drops). */
  flowOutboxBatches?: number;
  /** Seconds between the devices' URL event exports (default 60); 0: none. Only devices running a web filter report any. */
  urlIntervalS?: number;
  /** A keen user's page visits per minute at the busiest hour (see SimulatedDeviceOptions). */
  visitsPerMinute?: number;
  /** URL event batches each device keeps unacknowledged. */
  urlOutboxBatches?: number;
  /** Seconds between the endpoints' zero-trust session exports (default 60); 0: none. Only endpoints running a `ztna` section report any. */
  ztnaIntervalS?: number;
  /** Session batches each endpoint keeps unacknowledged. */
  ztnaOutboxBatches?: number;
  /** Seconds between the WAF edges' access and attack log exports (default 60); 0: none. Only devices serving WAF traffic report any. */
  wafIntervalS?: number;
  /** How often the WAF POPs' scripted clients come (a GraphQL scanner, a credential-stuffing run); default now and then. */
  wafScripts?: GuardScripts;
  /** The endpoints' zero-trust clients: connections per minute, longest session, client update delay. */
  ztna?: ZtnaClientOptions;
  /** Seconds between the endpoints' DEM result exports (default 60); 0: none. Only endpoints running a `dem` section report any. */
  demIntervalS?: number;
  /** The endpoints' DEM tests: how often they run whatever their interval. */
  dem?: DemClientOptions;
  /** Seconds between the app connectors' health reports (default 30); 0: none. */
  connectorIntervalS?: number;
  /** Seconds between the gateways' reports of the hosts on their LANs (default 300); 0: none. */
  nacIntervalS?: number;
  /** Seconds between the exports of DNS queries, IDS alerts, IoT devices and IoT telemetry; unset: each its default when the protocol carries it; 0: none. */
  dnsIntervalS?: number;
  idsIntervalS?: number;
  iotDevicesIntervalS?: number;
  iotTelemetryIntervalS?: number;
  onEvent?: (event: DeviceEvent) => void;
  /** Something worth persisting changed; the caller decides when to write. */
  onSave?: () => void;
}

export interface Fleet {
  devices: SimulatedDevice[];
  counts(): Record<DeviceState, number>;
  saved(): SavedFleet;
  stop(): Promise<void>;
}

/**
 * Builds each tenant's devices from the seed, the tenant's e-mail domain and the device's index:
 * the same seed gives the same serials, names and places, and two tenants never share a serial
 * (their saved credentials could otherwise cross over in one state file).
 */
export function buildDevices(opts: FleetOptions): SimulatedDevice[] {
  const seed = opts.seed ?? 1;
  const devices: SimulatedDevice[] = [];
  const sessions = opts.sessions === false ? null : (opts.sessions ?? DEFAULT_SESSION_RULES);
  const make = (behaviour: DeviceBehaviour, enrolmentKey: string, timingSeed: number) =>
    new SimulatedDevice({
      url: opts.url,
      enrolmentKey,
      behaviour,
      random: mulberry32(timingSeed),
      saved: opts.saved?.[behaviour.serial],
      heartbeatJitter: opts.heartbeatJitter,
      backoff: opts.backoff,
      rebootMs: opts.rebootMs,
      driftChance: opts.driftChance,
      confirmWindowMs: opts.confirmWindowMs,
      flowIntervalS: opts.flowIntervalS,
      flowOutboxBatches: opts.flowOutboxBatches,
      urlIntervalS: opts.urlIntervalS,
      visitsPerMinute: opts.visitsPerMinute,
      urlOutboxBatches: opts.urlOutboxBatches,
      ztnaIntervalS: opts.ztnaIntervalS,
      ztnaOutboxBatches: opts.ztnaOutboxBatches,
      wafIntervalS: opts.wafIntervalS,
      demIntervalS: opts.demIntervalS,
      connectorIntervalS: opts.connectorIntervalS,
      nacIntervalS: opts.nacIntervalS,
      dnsIntervalS: opts.dnsIntervalS,
      idsIntervalS: opts.idsIntervalS,
      iotDevicesIntervalS: opts.iotDevicesIntervalS,
      iotTelemetryIntervalS: opts.iotTelemetryIntervalS,
      // An app connector carries the sessions the fleet's clients opened through it.
      activeSessionsThrough: (connectorId) => devices.reduce((n, d) => n + (d.behaviour.activeSessionsThrough?.(connectorId) ?? 0), 0),
      // Tunnels between simulated gateways: the far end is whichever gateway of the fleet has that address now (reported, or its static WAN's).
      findPeer: (address) => {
        const peer = devices.find((d) => d.runningConfig && (d.behaviour.publicIp === address || autoVpnAddress(d.runningConfig, null) === address));
        return peer ? { publicIp: peer.behaviour.publicIp ?? address, doc: peer.runningConfig! } : undefined;
      },
      // A throughput test's far end: whichever gateway of the fleet answers at that address now.
      peerCapacityMbps: (address) => devices.map((d) => d.behaviour.capacityAt?.(address)).find((c) => c !== undefined),
      onEvent: opts.onEvent,
      onSave: opts.onSave,
    });

  // BGP peers and VRRP partners: the gateways enrolled with the same tenant's key that run a configuration.
  const keyOf = new Map<SimulatedDevice, string>();
  const tenantGateways = (key: string): FleetGateway[] =>
    devices.flatMap((d) =>
      d.behaviour instanceof GatewayBehaviour && keyOf.get(d) === key && d.runningConfig
        ? [
            {
              serial: d.serial,
              online: d.state === 'connected',
              publicIp: d.behaviour.publicIp,
              doc: d.runningConfig,
              interfaceUp: (n: string) => (d.behaviour as GatewayBehaviour).interfaceUp(n),
              vrrpMaster: (group: string) => (d.behaviour as GatewayBehaviour).vrrpMaster(group),
            },
          ]
        : [],
    );

  const seen = new Map<string, number>();
  for (const tenant of opts.tenants) {
    const n = seen.get(tenant.emailDomain) ?? 0;
    seen.set(tenant.emailDomain, n + 1);
    const t = n === 0 ? tenant.emailDomain : `${tenant.emailDomain}#${n}`;
    for (let i = 0; i < tenant.gateways; i++) {
      const random = mulberry32(seedFrom(seed, t, 'gateway', i));
      const profile = gatewayProfile(random, i);
      const b = new GatewayBehaviour(profile, random, opts.flapRules, bgpProfileOf(profile, i), undefined, {
        appConnector: i < (tenant.appConnectors ?? 0),
        iotSite: i >= tenant.gateways - (tenant.iotSites ?? 0),
      });
      b.joinFleet(() => tenantGateways(tenant.enrolmentKey));
      const device = make(b, tenant.enrolmentKey, seedFrom(seed, t, 'gateway', i, 'timing'));
      keyOf.set(device, tenant.enrolmentKey);
      devices.push(device);
    }
    for (let i = 0; i < (tenant.wafPops ?? 0); i++) {
      const random = mulberry32(seedFrom(seed, t, 'waf-pop', i));
      devices.push(
        make(new WafPopBehaviour(wafPopProfile(random, i), random, opts.wafScripts), tenant.enrolmentKey, seedFrom(seed, t, 'waf-pop', i, 'timing')),
      );
    }
    for (let i = 0; i < tenant.endpoints; i++) {
      const random = mulberry32(seedFrom(seed, t, 'endpoint', i));
      const built = endpointProfile(random, i, tenant.emailDomain);
      const spec = tenant.endpointSpecs?.[i];
      const experience = spec?.wifiDbm !== undefined ? { wifiDbm: spec.wifiDbm } : {};
      const b = new EndpointBehaviour(spec ? withEndpointSpec(built, spec) : built, random, sessions, opts.ztna, opts.dem, experience);
      devices.push(make(b, tenant.enrolmentKey, seedFrom(seed, t, 'endpoint', i, 'timing')));
    }
  }
  return devices;
}

/**
 * The experience of the fleet's endpoint that `who` names (its user's e-mail address, its name or
 * its serial): what a test, the demo or an operator degrades while the fleet runs (its Wi-Fi, its
 * relay, an application); null when no endpoint is so named.
 */
export function endpointExperience(devices: readonly SimulatedDevice[], who: string): EndpointExperience | null {
  const w = who.trim().toLowerCase();
  for (const d of devices) {
    const b = d.behaviour;
    if (b instanceof EndpointBehaviour && [b.profile.user, b.profile.name.toLowerCase(), b.profile.serial.toLowerCase()].includes(w)) return b.experience;
  }
  return null;
}

/**
 * Starts (or, with 'stop', ends) an NDR scenario on the fleet's gateway that `who` names (its name
 * or serial, any case): what a demo, a test or an operator does to make one of its hosts
 * misbehave. `host` picks the host by address (default: its first LAN host, or its first camera).
 * What happened, in a line.
 */
export function ndrScenario(devices: readonly SimulatedDevice[], who: string, kind: NdrScenarioKind | 'stop', host?: string): string {
  const w = who.trim().toLowerCase();
  const device = devices.find((d) => d.behaviour instanceof GatewayBehaviour && [d.behaviour.name.toLowerCase(), d.serial.toLowerCase()].includes(w));
  if (!device) return `no gateway is ${who}`;
  const gateway = device.behaviour as GatewayBehaviour;
  if (kind === 'stop') {
    gateway.stopScenario();
    return `${gateway.name}: scenarios stopped`;
  }
  const started = gateway.startScenario(kind, host);
  if (typeof started === 'string') return started;
  return `${gateway.name}: ${kind} from ${started.host} (${NDR_SCENARIO_LABELS[kind].what}; for ${NDR_SCENARIO_LABELS[kind].rule})`;
}

export function startFleet(opts: FleetOptions): Fleet {
  const devices = buildDevices(opts);
  const stagger = mulberry32(seedFrom(opts.seed ?? 1, 'stagger'));
  const window = opts.staggerMs ?? 10_000;
  // Spread evenly with a little randomness, as boxes powered on over a morning would be.
  devices.forEach((d, i) => d.start(((i + stagger()) / Math.max(1, devices.length)) * window));
  return {
    devices,
    counts() {
      const counts = { idle: 0, connecting: 0, pending: 0, connected: 0, backoff: 0, away: 0, rebooting: 0, stopped: 0 };
      for (const d of devices) counts[d.state] += 1;
      return counts;
    },
    saved: () => Object.fromEntries(devices.map((d) => [d.serial, d.saved()])),
    stop: async () => {
      await Promise.all(devices.map((d) => d.stop()));
    },
  };
}
