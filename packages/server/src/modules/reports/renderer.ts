import { Piscina } from 'piscina';
import type { RenderTask } from './render-file';

/** A render thread that has had nothing to do for this long ends (its memory goes with it); the next report starts one. */
const IDLE_MS = 60_000;

/**
 * Renders report files (PDF layout, charts, CSV) in a thread of its own, one at a time per
 * instance: a report of thousands of rows takes seconds of CPU, which on the main thread would
 * hold up every request, device and console of the instance meanwhile.
 */
export class ReportRenderer {
  private readonly pool = new Piscina<RenderTask, Uint8Array>({
    filename: new URL('./render-thread.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: IDLE_MS,
  });

  async render(task: RenderTask): Promise<Buffer> {
    const bytes = await this.pool.run(task);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
