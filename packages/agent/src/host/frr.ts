import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BgpSection } from '@netloom/domain';
import { frrBgpConfig, frrBgpRemoval } from '../render/frr';
import { run } from './exec';

/** FRR's BGP neighbour as `show bgp summary json` writes it. */
interface FrrPeer {
  remoteAs: number;
  state: string;
  peerState?: string;
  msgRcvd: number;
  msgSent: number;
  pfxRcd?: number;
  lastResetDueTo?: string;
}

/** FRR's routes as `show bgp ipv4 unicast json` writes them. */
interface FrrRoutes {
  routes?: Record<string, { valid?: boolean; bestpath?: boolean; path?: string; peerId?: string; nexthops?: { ip?: string }[] }[]>;
}

export interface BgpReading {
  routerId: string | null;
  as: number | null;
  peers: Record<string, FrrPeer>;
  routes: FrrRoutes['routes'];
}

/**
 * FRR on this box, through vtysh (`-N` names an FRR instance's path space, as the lab runs one per
 * namespace). The agent owns the BGP speaker and the prefix lists and route maps its document
 * names; the rest of FRR's configuration is the box's.
 */
export class Frr {
  constructor(private readonly pathspace?: string) {}

  private vtysh(args: string[]) {
    return run('vtysh', [...(this.pathspace ? ['-N', this.pathspace] : []), ...args]);
  }

  /** Whether bgpd runs (vtysh alone configures nothing). */
  async bgpdRunning(): Promise<boolean> {
    const ran = await this.vtysh(['-c', 'show daemons']);
    return ran.code === 0 && /\bbgpd\b/.test(ran.stdout);
  }

  /** Puts the document's BGP in FRR: what the previous one brought is taken out first, then the new written whole. Nothing when it did not change. */
  async apply(next: BgpSection | undefined, previous: BgpSection | undefined): Promise<void> {
    if (JSON.stringify(next) === JSON.stringify(previous)) return;
    if (previous) {
      // What is already gone (FRR restarted, or the push before never got this far) is no error.
      await this.vtysh(['-c', 'configure terminal', ...frrBgpRemoval(previous).flatMap((c) => ['-c', c])]);
    }
    if (!next) return;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'netloom-frr-'));
    const file = path.join(dir, 'bgp.conf');
    try {
      await writeFile(file, frrBgpConfig(next), { mode: 0o600 });
      const ran = await this.vtysh(['-f', file]);
      // vtysh prints what it refused on stdout, with the line it was on.
      const refused = ran.stdout.split('\n').filter((l) => /^line \d+:|^% /.test(l.trim()));
      if (ran.code !== 0 || refused.length) throw new Error(`FRR refused the BGP configuration: ${refused.slice(0, 4).join(' / ') || ran.stderr.trim()}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** The speaker's neighbours and learnt routes now. */
  async read(): Promise<BgpReading | null> {
    const [summary, routes] = await Promise.all([this.vtysh(['-c', 'show bgp summary json']), this.vtysh(['-c', 'show bgp ipv4 unicast json'])]);
    if (summary.code !== 0) return null;
    try {
      const s = JSON.parse(summary.stdout) as { ipv4Unicast?: { routerId?: string; as?: number; peers?: Record<string, FrrPeer> } };
      const r = routes.code === 0 ? (JSON.parse(routes.stdout) as FrrRoutes) : {};
      return { routerId: s.ipv4Unicast?.routerId ?? null, as: s.ipv4Unicast?.as ?? null, peers: s.ipv4Unicast?.peers ?? {}, routes: r.routes ?? {} };
    } catch {
      return null;
    }
  }
}
