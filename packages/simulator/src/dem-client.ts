import { demSectionSchema, type ConfigDocument, type DemResult, type DemSection, type DemTest, type ZtnaSection } from '@netloom/domain';
import type { EndpointExperience } from './dem-experience';
import { measure, relayFor, testHost } from './dem-model';
import type { EndpointProfile } from './profiles';
import { fixedShare, mulberry32, seedFrom, type Random } from './prng';
import { SectionTimeline } from './section-timeline';

export interface DemClientOptions {
  /** Every test runs this often (seconds) whatever its interval: a test or a lively demo sees results in seconds. */
  everyS?: number;
}

/** A new test's first run comes within this long of the configuration that named it. */
const FIRST_RUN_MAX_MS = 3000;

interface Running {
  dem: DemSection;
  ztna: ZtnaSection | null;
}

/** The `dem` section of a document, when it holds a valid one. */
export function demSectionOf(doc: ConfigDocument | null | undefined): DemSection | null {
  const raw = (doc as Record<string, unknown> | null | undefined)?.dem;
  if (raw === undefined || raw === null) return null;
  const parsed = demSectionSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * An endpoint's digital experience tests: it runs the `dem` section's tests on their schedule
 * (a new test soon after the configuration that named it, then every interval), each measured
 * as the endpoint's experience is at that moment, and hands the runs of an interval to the export.
 */
export class DemClient {
  private readonly sections = new SectionTimeline<Running>();
  /** When each test was first named, by id: its runs count from there. */
  private readonly since = new Map<string, number>();
  private readonly random: Random;

  constructor(
    private readonly profile: EndpointProfile,
    readonly experience: EndpointExperience,
    private readonly opts: DemClientOptions = {},
  ) {
    this.random = mulberry32(seedFrom(profile.serial, 'dem'));
  }

  /** The configuration running from `atMs` on (none: no tests). */
  ran(doc: ConfigDocument | null | undefined, atMs: number): void {
    const dem = demSectionOf(doc);
    this.sections.ran(dem && dem.tests.length > 0 ? { dem, ztna: doc?.ztna ?? null } : null, atMs);
    for (const t of dem?.tests ?? []) if (!this.since.has(t.id)) this.since.set(t.id, atMs);
  }

  private everyMs(test: DemTest): number {
    return (this.opts.everyS ?? test.interval_seconds) * 1000;
  }

  /** Times in (fromMs, toMs] at which a test runs. */
  private runTimes(test: DemTest, fromMs: number, toMs: number): number[] {
    const every = this.everyMs(test);
    const first = (this.since.get(test.id) ?? fromMs) + fixedShare(this.profile.serial, test.id) * Math.min(FIRST_RUN_MAX_MS, every);
    const out: number[] = [];
    let k = Math.max(0, Math.floor((fromMs - first) / every));
    for (let t = first + k * every; t <= toMs; t = first + ++k * every) if (t > fromMs) out.push(t);
    return out;
  }

  /** The runs of the `intervalS` before `at`, oldest first, each by the section that ran then. */
  results(at: Date, intervalS: number): DemResult[] {
    const toMs = at.getTime();
    const fromMs = toMs - intervalS * 1000;
    const latest = this.sections.latest;
    const tests = new Map<string, DemTest>();
    for (const t of latest?.dem.tests ?? []) tests.set(t.id, t);
    const runs: { atMs: number; test: DemTest; running: Running }[] = [];
    for (const test of tests.values()) {
      for (const atMs of this.runTimes(test, fromMs, toMs)) {
        const running = this.sections.at(atMs);
        const then = running?.dem.tests.find((t) => t.id === test.id);
        if (running && then) runs.push({ atMs, test: then, running });
      }
    }
    runs.sort((a, b) => a.atMs - b.atMs);
    this.sections.forget(fromMs);
    const where = { lat: this.profile.lat, lng: this.profile.lng };
    return runs.map((r) =>
      measure(
        { test: r.test, atMs: r.atMs, context: this.experience.now(this.random), relay: relayFor(testHost(r.test), r.running.ztna, where), at: where },
        this.random,
      ),
    );
  }
}
