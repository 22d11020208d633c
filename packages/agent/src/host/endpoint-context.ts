import { readFile } from 'node:fs/promises';
import si from 'systeminformation';
import type { DemContext } from '@netloom/domain';
import { run } from './exec';

/** /proc/net/wireless: each associated interface's link quality, signal level (dBm) and noise. */
export function parseProcWireless(text: string): { ifname: string; dbm: number }[] {
  const out: { ifname: string; dbm: number }[] = [];
  for (const line of text.split('\n').slice(2)) {
    const m = /^\s*([^:\s]+):\s+\S+\s+[-\d.]+\s+(-?[\d.]+)/.exec(line);
    if (!m) continue;
    let level = Number(m[2]);
    // Old drivers report an unsigned byte: 256 - |dBm|.
    if (level > 0) level -= 256;
    if (Number.isFinite(level) && level < 0) out.push({ ifname: m[1]!, dbm: Math.round(level) });
  }
  return out;
}

/** `iw dev IF link`: the SSID the interface is associated with. */
export function parseIwLink(text: string): string | null {
  return /^\s*SSID:\s*(.+)$/m.exec(text)?.[1]?.trim() || null;
}

/** How often the CPU's load is sampled: each sample is the load over the seconds since the one before. */
const CPU_SAMPLE_MS = 5000;

/**
 * The CPU's load over the last few seconds, sampled on its own clock: systeminformation measures
 * the load since its previous call, and tests started together would otherwise read a window of
 * a few milliseconds (whatever ran in it, 0 or 100 %).
 */
export class CpuSampler {
  private timer: NodeJS.Timeout | null = null;
  private pct: number | undefined;

  start(): void {
    void this.sample();
    this.timer = setInterval(() => void this.sample(), CPU_SAMPLE_MS);
    this.timer.unref?.();
  }

  private async sample(): Promise<void> {
    const load = await si.currentLoad().catch(() => null);
    if (load && Number.isFinite(load.currentLoad)) this.pct = Math.min(100, Math.max(0, Math.round(load.currentLoad * 10) / 10));
  }

  /** The latest sample; undefined before the first. */
  get current(): number | undefined {
    return this.pct;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/**
 * The endpoint's own state as a DEM test sees it: CPU load (sampled) and memory in use
 * (systeminformation), and its Wi-Fi signal and network from the kernel's wireless statistics
 * when an interface is associated (its SSID from `iw`), else a wired network.
 */
export async function endpointContext(cpu: CpuSampler, proc = '/proc/net/wireless'): Promise<DemContext> {
  const [mem, wireless] = await Promise.all([si.mem().catch(() => null), readFile(proc, 'utf8').catch(() => '')]);
  const cpuPct = cpu.current;
  // In use: what applications hold, not the page cache the kernel gives back on demand.
  const memory = mem && mem.total > 0 ? Math.round((mem.active / mem.total) * 1000) / 10 : undefined;
  const wifi = parseProcWireless(wireless)[0];
  const ssid = wifi ? parseIwLink((await run('iw', ['dev', wifi.ifname, 'link'], undefined, 3000)).stdout) : null;
  return {
    network: wifi ? 'wifi' : 'wired',
    ...(wifi ? { wifi_signal_dbm: Math.max(-120, wifi.dbm) } : {}),
    ...(ssid ? { wifi_ssid: ssid.slice(0, 64) } : {}),
    ...(cpuPct !== undefined ? { cpu_pct: cpuPct } : {}),
    ...(memory !== undefined ? { memory_pct: Math.min(100, memory) } : {}),
  };
}
