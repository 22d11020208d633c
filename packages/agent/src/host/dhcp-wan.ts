import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ConfigDocument, WanInterface } from '@netloom/domain';
import { must, run } from './exec';
import { WAN_METRIC_BASE, wanTable } from '../render/routes';

/**
 * What dhclient runs with each lease event: the address and the default route the DHCP server
 * gave, on that WAN only, in the main table and in the WAN's own (where its policy routes lead). The route is written with protocol `dhcp` (not the agent's own), so the
 * agent's reconciling of its static routes never takes it away; the box's resolv.conf is left
 * alone (a gateway answers its LAN through its own dnsmasq).
 */
const HOOK = `#!/bin/sh
# Written by the Netloom agent: dhclient runs it with each lease event of a DHCP WAN.
case "$reason" in
  BOUND|RENEW|REBIND|REBOOT)
    if [ -n "$old_ip_address" ] && [ "$old_ip_address" != "$new_ip_address" ]; then
      ip addr del "$old_ip_address/$old_subnet_mask" dev "$interface" 2>/dev/null
    fi
    ip link set dev "$interface" up
    ip addr replace "$new_ip_address/$new_subnet_mask" dev "$interface"
    for router in $new_routers; do
      ip route replace default via "$router" dev "$interface" proto dhcp metric "$NETLOOM_METRIC"
      ip route replace default via "$router" dev "$interface" proto dhcp table "$NETLOOM_TABLE"
      break
    done
    ;;
  EXPIRE|FAIL|RELEASE|STOP)
    if [ -n "$old_ip_address" ]; then
      ip addr del "$old_ip_address/$old_subnet_mask" dev "$interface" 2>/dev/null
    fi
    ip route del default dev "$interface" proto dhcp 2>/dev/null
    ip route del default dev "$interface" proto dhcp table "$NETLOOM_TABLE" 2>/dev/null
    ;;
esac
exit 0
`;

/** What the hook needs to know of the WAN: its default route's metric in the main table, and its own table. */
const hookEnv = (index: number) => ['-e', `NETLOOM_METRIC=${WAN_METRIC_BASE + index}`, '-e', `NETLOOM_TABLE=${wanTable(index)}`];

const dhcpWans = (doc: ConfigDocument | null) => (doc?.interfaces?.wan ?? []).map((w, i) => ({ wan: w, index: i })).filter(({ wan }) => wan.mode === 'dhcp');

/** The DHCP clients the agent runs, one per WAN in DHCP mode, with their files in its run directory. */
export class DhcpWans {
  constructor(private readonly runDir: string) {}

  private files(ifname: string) {
    return {
      pid: path.join(this.runDir, `dhclient-${ifname}.pid`),
      leases: path.join(this.runDir, `dhclient-${ifname}.leases`),
      conf: path.join(this.runDir, 'dhclient.conf'),
      hook: path.join(this.runDir, 'dhclient-hook.sh'),
    };
  }

  /** Its client for this WAN, if it runs. */
  private async running(ifname: string): Promise<boolean> {
    const pid = Number((await readFile(this.files(ifname).pid, 'utf8').catch(() => '')).trim());
    if (!Number.isInteger(pid) || pid <= 0) return false;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    return cmdline.includes('dhclient') && cmdline.includes(this.files(ifname).pid);
  }

  /** A client for each DHCP WAN (started if not running, in the background: a lease may take a while); released where a WAN is no longer DHCP. */
  async run(next: ConfigDocument | null, previous: ConfigDocument | null): Promise<void> {
    const wanted = dhcpWans(next);
    const keep = new Set(wanted.map(({ wan }) => wan.name));
    for (const { wan, index } of dhcpWans(previous)) if (!keep.has(wan.name)) await this.release(wan, index);
    if (!wanted.length) return;
    await mkdir(this.runDir, { recursive: true, mode: 0o700 });
    const { conf, hook } = this.files('');
    await writeFile(
      conf,
      '# The Netloom agent asks for what a DHCP WAN needs, nothing of the box beyond it.\nrequest subnet-mask, broadcast-address, routers;\n',
    );
    await writeFile(hook, HOOK, { mode: 0o700 });
    await chmod(hook, 0o700);
    for (const { wan, index } of wanted) {
      if (await this.running(wan.name)) continue;
      const f = this.files(wan.name);
      await must('ip', ['link', 'set', 'dev', wan.name, 'up', 'mtu', String(wan.mtu)]);
      await must('dhclient', ['-nw', '-cf', f.conf, '-sf', f.hook, '-pf', f.pid, '-lf', f.leases, ...hookEnv(index), wan.name]);
    }
  }

  /** Gives the lease back (the hook takes the address and routes away, in the table it was started with) and stops the client. */
  private async release(wan: WanInterface, index: number): Promise<void> {
    const f = this.files(wan.name);
    await run('dhclient', ['-r', '-cf', f.conf, '-sf', f.hook, '-pf', f.pid, '-lf', f.leases, ...hookEnv(index), wan.name]);
  }
}
