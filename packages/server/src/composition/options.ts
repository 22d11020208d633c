import type { onRouteHookHandler } from 'fastify';
import type { Database } from '../db/client';
import type { HostResolver } from '../modules/alarms/webhook-target';
import type { SectionProvider } from '../modules/config/section-provider';

export interface BuildOptions {
  /** An already opened database (tests share one per file); otherwise opened from config. */
  database?: Database;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** Section providers besides the products' own (a test's product). */
  sectionProviders?: readonly SectionProvider[];
  /** How webhook URLs' host names are resolved (the system's resolver; a test answers for names of its own). */
  resolveHost?: HostResolver;
  /** Which webhook addresses count as public (the domain's rule; a test names a loopback stand-in). */
  webhookMayReach?: (address: string) => boolean;
  /** Told of every route as it is added, before any of the app's own (a test lists them). */
  onRoute?: onRouteHookHandler;
}
