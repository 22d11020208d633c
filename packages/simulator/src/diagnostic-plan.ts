import type { LinkState } from './links';
import type { RouterInterface, RouterRoute } from './router-model';

/** What a gateway's diagnostics see of it: its links, interfaces, routes and LAN hosts now. */
export interface GatewayView {
  serial: string;
  links: readonly LinkState[];
  interfaces: readonly RouterInterface[];
  routes: readonly RouterRoute[];
  lanHosts: readonly string[];
}

/** What a diagnostic knows beyond the box: the other end of a throughput test, as the server named it. */
export interface DiagnosticContext {
  /** The capacity of the other gateway's lines at this address, if the device can tell (Mbps). */
  peerCapacityMbps: (address: string) => number | undefined;
  /** The job's `peer` ({ name, address }) as the server sent it; checked before use. */
  peer?: unknown;
}

/** A line of output and when it comes, in ms from the start. */
export interface TimedLine {
  atMs: number;
  text: string;
}

/** A capture's file so far: what the device uploads when the run ends, whenever it ends. */
interface CaptureFile {
  bytes: Uint8Array;
  packets: number;
}

/** What a diagnostic does: lines over time, the answer once all went out, and what it says when stopped early. */
export interface DiagnosticPlan {
  lines: TimedLine[];
  result: { ok: boolean; output: string };
  /** The lines it prints when stopped after `elapsedMs` (a ping's statistics so far). */
  stopped(elapsedMs: number): string[];
  file?(elapsedMs: number): CaptureFile;
}
