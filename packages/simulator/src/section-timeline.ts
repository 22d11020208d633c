/**
 * The sections of one kind (the `ztna` of an endpoint's configuration) a device has run, each
 * from the moment it was applied. What the device reports an interval later (the connections its
 * user tried) is decided by the section that ran when it happened, not by whatever runs at the
 * export: a push that denies a server denies it from the push on.
 */
export class SectionTimeline<T> {
  /** Oldest first; each runs until the next one's `fromMs`. */
  private entries: { fromMs: number; section: T | null }[] = [];

  /** The configuration running from `atMs` on has this section (none: null). */
  ran(section: T | null | undefined, atMs: number): void {
    const value = section ?? null;
    const last = this.entries[this.entries.length - 1];
    if (last && last.section === value) return;
    this.entries.push({ fromMs: atMs, section: value });
  }

  /** The section that ran at `atMs`; null when the device ran none then. */
  at(atMs: number): T | null {
    for (let i = this.entries.length - 1; i >= 0; i--) if (this.entries[i]!.fromMs <= atMs) return this.entries[i]!.section;
    return null;
  }

  /** The section running now (the last applied). */
  get latest(): T | null {
    return this.entries[this.entries.length - 1]?.section ?? null;
  }

  /** Forgets the sections that stopped running before `beforeMs`: nothing that old is still to be decided. */
  forget(beforeMs: number): void {
    let keepFrom = 0;
    while (keepFrom + 1 < this.entries.length && this.entries[keepFrom + 1]!.fromMs <= beforeMs) keepFrom++;
    if (keepFrom > 0) this.entries = this.entries.slice(keepFrom);
  }
}
