import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { flowSourceOf, type FlowSource } from '../enrich';
import { canonicalAddress } from '../exporter-address';
import { activeExporters } from '../exporter-repo';
import type { CountryLookup } from '../geoip';

/** Another instance's change reaches this one's directory within this long (this instance's own at once). */
const DIRECTORY_REFRESH_MS = 30_000;

/**
 * The collector's answer to "whose is this datagram?": every exporter address set on a device in
 * an inventory, held in memory and read again when a change is made here and every
 * DIRECTORY_REFRESH_MS (changes made through another instance). A lookup never touches the
 * database, so a flood from unknown addresses costs a map lookup each.
 */
export class ExporterDirectory {
  private sources = new Map<string, FlowSource>();
  private loading: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly geo: CountryLookup,
    private readonly log: FastifyBaseLogger,
    /** Told of the addresses that left the directory: the decoder forgets their templates. */
    private readonly onRemoved: (address: string) => void = () => {},
  ) {}

  lookup(address: string): FlowSource | null {
    return this.sources.get(address) ?? null;
  }

  async start(refreshMs = DIRECTORY_REFRESH_MS): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), refreshMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reads the directory again; a call while a read is under way makes one more read after it (the change may have missed the first). */
  refresh(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = this.load()
      .catch((err: unknown) => this.log.warn({ err }, 'flow collector: the exporter directory was not read; the previous one stays'))
      .finally(() => {
        this.loading = null;
        if (this.again) {
          this.again = false;
          void this.refresh();
        }
      });
    return this.loading;
  }

  private async load(): Promise<void> {
    const rows = await activeExporters(this.db);
    const next = new Map(rows.map((r) => [canonicalAddress(r.address), flowSourceOf(r, this.geo)]));
    for (const address of this.sources.keys()) if (!next.has(address)) this.onRemoved(address);
    this.sources = next;
  }
}
