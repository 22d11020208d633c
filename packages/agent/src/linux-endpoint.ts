import type { ConfigDocument, DemResult } from '@netloom/domain';
import type { DeviceBehaviour, HeartbeatBody, HelloBody, MetricsBody } from '@netloom/simulator';
import { demSectionOf } from '@netloom/simulator';
import type { DemRunner } from './dem/dem-runner';
import type { Identity } from './linux-gateway';

export interface LinuxEndpointOptions {
  identity: Identity;
  /** The person signed in on it (the ZTNA user its results are counted for). */
  user: string | null;
  runner: DemRunner;
  log?: (line: string) => void;
}

/**
 * The Netloom agent as a ZTNA endpoint (hello kind 'endpoint'): a Linux workstation of the
 * organisation's workforce that runs the digital experience tests of its `dem` section for real
 * and reports them as `dem_results`. It runs no tunnel of its own: it reaches the applications
 * directly, and says it is online, not connected.
 */
export class LinuxEndpoint implements DeviceBehaviour {
  readonly kind = 'endpoint' as const;
  readonly metricsEvery = 2 as const;
  private running: ConfigDocument | null = null;
  private tests = 0;

  constructor(private readonly opts: LinuxEndpointOptions) {}

  get serial() {
    return this.opts.identity.serial;
  }
  get name() {
    return this.opts.identity.name;
  }
  get runs(): ConfigDocument | null {
    return this.running;
  }

  private get posture() {
    const id = this.opts.identity;
    const release = /(\d{1,5}(?:\.\d{1,5}){0,3})/.exec(id.os)?.[1] ?? null;
    return { os_version: release, client_version: id.version, disk_encrypted: null, firewall_on: null };
  }

  hello(): HelloBody {
    const id = this.opts.identity;
    return {
      identity: { serial: id.serial, name: id.name, kind: 'endpoint', ...(id.mac ? { mac: id.mac } : {}), ...(this.opts.user ? { user: this.opts.user } : {}) },
      model: id.model,
      os: id.os,
      version: id.version,
      posture: this.posture,
    };
  }

  heartbeat(_at: Date, hash: string | null): HeartbeatBody {
    return {
      status: 'online',
      wan: [],
      public_ip: null,
      os: this.opts.identity.os,
      user: this.opts.user,
      posture: this.posture,
      ...(hash ? { config_hash: hash } : {}),
    };
  }

  metrics(at: Date): MetricsBody {
    return { at: at.toISOString(), interfaces: [], ping: [] };
  }

  configure(doc: ConfigDocument | null): void {
    this.running = doc;
    const section = demSectionOf(doc);
    this.opts.runner.run(section);
    const tests = section?.tests.length ?? 0;
    if (tests !== this.tests) this.opts.log?.(`runs ${tests} DEM tests`);
    this.tests = tests;
  }

  /** It runs what it is given: the tests need nothing of the kernel. */
  apply(doc: ConfigDocument | null): Promise<string | null> {
    this.configure(doc);
    return Promise.resolve(null);
  }

  demResults(): DemResult[] {
    return this.opts.runner.take();
  }

  diagnostics(): string {
    const id = this.opts.identity;
    return `${id.os} ${id.model}, agent ${id.version}\n${this.running ? `${demSectionOf(this.running)?.tests.length ?? 0} DEM tests` : 'no configuration yet'}`;
  }

  sessionMs(): null {
    return null;
  }

  stop(): void {
    this.opts.runner.stop();
  }
}
