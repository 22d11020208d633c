/**
 * The consoles of bench:live, in a process of their own (started by remote-consoles.ts). The bench
 * process holds 10,000 device sockets; timing the consoles there counted its garbage collections,
 * a few ms each with that many sockets, as latency of whichever side was measured. A browser
 * does not share its event loop with the fleet, and neither do these consoles.
 *
 * Speaks with its parent over IPC: it gets { open }, { record: boolean } and { report }, and
 * answers { opened } (or { failed }) and the report.
 */
import { Consoles, type BenchTenant, type Target } from './fleet';
import { watchGc, type GcFigures } from './gc-watch';

export interface OpenRequest {
  open: { name: string; urls: { tenant: BenchTenant; url: string }[]; perTenant: number; hello: Record<string, unknown> | null };
}
export interface ConsolesReport {
  samples: number[];
  unstamped: number;
  dropped: number;
  gc: GcFigures;
}
type Request = OpenRequest | { record: boolean } | { report: true };

const consoles = new Consoles();
const gcWatch = watchGc(() => consoles.recording);

const reply = (m: unknown) => process.send!(m);

process.on('message', (m: Request) => {
  if ('open' in m) {
    const { name, urls, perTenant, hello } = m.open;
    const byTenant = new Map(urls.map((u) => [u.tenant.id, u.url]));
    const target: Target = {
      name,
      deviceUrl: '',
      hello: () => ({}),
      consoleUrl: (tenant) => byTenant.get(tenant.id)!,
      consoleHello: hello,
    };
    consoles
      .open(
        target,
        urls.map((u) => u.tenant),
        perTenant,
      )
      .then(
        () => reply({ opened: true }),
        (e: unknown) => reply({ failed: e instanceof Error ? e.message : String(e) }),
      );
  } else if ('record' in m) {
    consoles.recording = m.record;
  } else if ('report' in m) {
    const report: ConsolesReport = { samples: consoles.samples, unstamped: consoles.unstamped, dropped: consoles.dropped, gc: gcWatch.figures };
    // The parent ends this process once it has the report (exiting here could beat the reply).
    reply(report);
  }
});
// The parent is gone (done, or killed): close everything and let the process end by itself.
process.on('disconnect', () => {
  consoles.stop();
  gcWatch.stop();
});
