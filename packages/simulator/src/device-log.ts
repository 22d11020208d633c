import type { StatusSnapshot } from '@netloom/domain';

type LogEntry = Extract<StatusSnapshot, { kind: 'logs' }>['entries'][number];

/** As much as a small box keeps in its RAM log (logread): older lines are gone. */
const DEVICE_LOG_LINES = 500;

/**
 * The system log of a simulated box: the events it actually went through (boot, links, tunnels,
 * configurations), in a ring so a box that runs for weeks does not grow without end.
 */
export class DeviceLog {
  private readonly lines: LogEntry[] = [];

  constructor(private readonly capacity = DEVICE_LOG_LINES) {}

  write(at: Date | number, level: LogEntry['level'], facility: string, message: string): void {
    this.lines.push({ at: new Date(at).toISOString(), level, facility, message: message.slice(0, 1024) });
    if (this.lines.length > this.capacity) this.lines.splice(0, this.lines.length - this.capacity);
  }

  /** Newest first: the console shows the top of the log, and what just happened is what is asked about. */
  entries(): LogEntry[] {
    return [...this.lines].reverse();
  }
}
