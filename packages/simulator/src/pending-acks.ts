/** How long a device waits for the server to acknowledge a message before it goes on without. */
const ACK_TIMEOUT_MS = 5000;

/**
 * Messages a device waits to see acknowledged (a reboot's answer before it goes down, a job's
 * answer for bench:config's round trip): each wait ends at its ack, after a timeout, or when the
 * connection drops.
 */
export class PendingAcks {
  private readonly waiting = new Map<number, () => void>();

  wait(seq: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.waiting.delete(seq);
        resolve();
      }, ACK_TIMEOUT_MS);
      this.waiting.set(seq, () => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  acked(seq: number): void {
    this.waiting.get(seq)?.();
    this.waiting.delete(seq);
  }

  /** The connection dropped: no ack will come. */
  releaseAll(): void {
    for (const resolve of this.waiting.values()) resolve();
    this.waiting.clear();
  }
}
