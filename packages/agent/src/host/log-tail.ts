import { open, stat, truncate } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';

/** Read at most this much at a time, so a burst of logging never holds a huge buffer. */
const CHUNK = 1 << 20;

/**
 * A daemon's own log file (dnsmasq's log-facility) read as it grows, from where it was left.
 * Past `emptyAt` bytes, once read to its end, it is emptied in place: the daemon writes with
 * O_APPEND, so its next line goes to the new start and the file never fills the disk (moving it
 * aside would need the daemon, which runs unprivileged, to create it again). A file that shrank
 * (someone emptied it) is read from its start.
 */
export class LogTail {
  private offset = 0;
  private partial = '';
  /** A character split between two reads stays whole. */
  private decoder = new StringDecoder('utf8');

  constructor(
    private readonly file: string,
    private readonly emptyAt: number,
  ) {}

  /** Starts at the end: what was logged before the agent started is not its to report again. */
  async skipToEnd(): Promise<void> {
    this.restart();
    this.offset = (await stat(this.file).catch(() => null))?.size ?? 0;
  }

  /** The whole lines written since the last read. */
  async read(): Promise<string[]> {
    const size = (await stat(this.file).catch(() => null))?.size ?? null;
    if (size === null || size < this.offset) this.restart();
    if (size === null) return [];
    const lines = await this.readToEnd();
    if (this.offset >= this.emptyAt) {
      await truncate(this.file, 0);
      this.restart();
    }
    return lines;
  }

  private restart(): void {
    this.offset = 0;
    this.partial = '';
    this.decoder = new StringDecoder('utf8');
  }

  private async readToEnd(): Promise<string[]> {
    const handle = await open(this.file, 'r').catch(() => null);
    if (!handle) return [];
    const lines: string[] = [];
    try {
      const buffer = Buffer.alloc(CHUNK);
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, CHUNK, this.offset);
        if (bytesRead === 0) break;
        this.offset += bytesRead;
        const parts = (this.partial + this.decoder.write(buffer.subarray(0, bytesRead))).split('\n');
        this.partial = parts.pop()!;
        lines.push(...parts);
      }
    } finally {
      await handle.close();
    }
    return lines;
  }
}
