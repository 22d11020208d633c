import { z } from 'zod';
import { DIAGNOSTIC_KINDS } from './params';

/** A gateway's diagnostics (spec 000 §2.16 `sdwan/device/configure/diagnostics`), in the style of device/status. */
export const DIAGNOSTIC_PATHS = {
  /** POST: start one; GET: the newest run, with its output so far. */
  device: (deviceId: string) => `device/diagnostics/${deviceId}/`,
  run: (deviceId: string, runId: string) => `device/diagnostics/${deviceId}/${runId}/`,
  stop: (deviceId: string, runId: string) => `device/diagnostics/${deviceId}/${runId}/stop/`,
  /** The capture's pcap file. */
  capture: (deviceId: string, runId: string) => `device/diagnostics/${deviceId}/${runId}/capture/`,
} as const;

/** `/ws/status/{tenant}/{device}?feed=diagnostics`: the device's runs as they start, stream and end. */
export const LIVE_DIAGNOSTICS_FEED = 'diagnostics';

export const diagnosticDeviceParamsSchema = z.object({ deviceId: z.string().uuid() });
export const diagnosticRunParamsSchema = z.object({ deviceId: z.string().uuid(), runId: z.string().uuid() });

/**
 * running: the device is at it (or has not taken it yet); done / failed: the device answered;
 * stopped: someone pressed Stop; limited: the server stopped it (time or output limit).
 */
export const DIAGNOSTIC_STATES = ['running', 'done', 'failed', 'stopped', 'limited'] as const;
export type DiagnosticState = (typeof DIAGNOSTIC_STATES)[number];

export const diagnosticRunSchema = z.object({
  id: z.string(),
  device_id: z.string(),
  kind: z.enum(DIAGNOSTIC_KINDS),
  params: z.record(z.string(), z.unknown()),
  state: z.enum(DIAGNOSTIC_STATES),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  started_by: z.string().nullable(),
  /** Why it ended, in a line (the device's own answer, or the limit that stopped it). */
  end_reason: z.string().nullable(),
  /** The output so far, and how many pieces it holds: live pieces numbered below are in it already. */
  output: z.string(),
  chunks: z.number().int(),
  /** A capture's file, once the device has sent it whole. */
  artifact_bytes: z.number().int().nullable(),
});
export type DiagnosticRun = z.infer<typeof diagnosticRunSchema>;

export const latestDiagnosticSchema = z.object({ run: diagnosticRunSchema.nullable() });

/** What the diagnostics feed pushes: a piece of output, or the run itself when it starts or ends. */
export type DiagnosticLiveEvent =
  | { kind: 'diagnostic_output'; device_id: string; run_id: string; chunk: number; data: string }
  | { kind: 'diagnostic_run'; device_id: string; run: Omit<DiagnosticRun, 'output'> };
