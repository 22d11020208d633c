import { readFile } from 'node:fs/promises';
import os from 'node:os';
import si from 'systeminformation';
import type { Capabilities } from './host/capabilities';
import { capabilityList } from './host/capabilities';
import type { Identity } from './linux-gateway';

const AGENT_VERSION = '0.1.0';

/** The box's own serial: its machine id, which stays the same across reboots and reinstalls of the agent. */
async function machineId(): Promise<string> {
  const id = await readFile('/etc/machine-id', 'utf8').catch(() => '');
  return id.trim() ? `LNX-${id.trim().slice(0, 16).toUpperCase()}` : `LNX-${os.hostname().toUpperCase()}`;
}

/**
 * What the box is, read off it: OS and kernel, CPU and memory, its first interface's MAC, and the
 * capabilities it has (shown in the model line, so the console says what this gateway can run;
 * a WAF edge names its engine's parts instead).
 */
export async function readIdentity(caps: Capabilities | string[], given: { serial?: string; name?: string }): Promise<Identity> {
  const [osInfo, cpu, mem, system, nics] = await Promise.all([si.osInfo(), si.cpu(), si.mem(), si.system(), si.networkInterfaces()]);
  const list = Array.isArray(nics) ? nics : [nics];
  const mac = list.find((n) => !n.internal && n.mac && n.mac !== '00:00:00:00:00:00')?.mac;
  const gib = Math.round(mem.total / 2 ** 30);
  return {
    serial: given.serial ?? (await machineId()),
    name: (given.name ?? os.hostname()).slice(0, 64),
    ...(mac ? { mac } : {}),
    model: `Linux ${osInfo.arch}, ${cpu.cores} CPU, ${gib} GiB`.slice(0, 64),
    os: `${osInfo.distro} ${osInfo.release}, kernel ${osInfo.kernel}`.slice(0, 64),
    version: AGENT_VERSION,
    board: `${system.manufacturer} ${system.model}`.trim().slice(0, 64) || 'Linux host',
    capabilities: Array.isArray(caps) ? caps : capabilityList(caps),
  };
}
