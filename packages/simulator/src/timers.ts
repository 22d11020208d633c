/** A device's timers: all cleared at once when what they belong to ends (a drop, a sign-off, a reboot, a stop). */
export class Timers {
  private readonly pending = new Set<NodeJS.Timeout>();

  later(ms: number, fn: () => void): void {
    const t = setTimeout(
      () => {
        this.pending.delete(t);
        fn();
      },
      Math.max(0, ms),
    );
    this.pending.add(t);
  }

  clear(): void {
    for (const t of this.pending) clearTimeout(t);
    this.pending.clear();
  }
}
