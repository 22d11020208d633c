import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NginxOptions } from '../host/nginx';
import { DEBIAN_WAF_PATHS } from '../render/nginx-waf';
import { freeLoopbackPort } from '../host/loopback-port';

/** A prefix for a test's nginx: its workers (nobody) write request bodies under it and reopen its logs. */
export function testEdgePrefix(name: string): string {
  const prefix = mkdtempSync(path.join(os.tmpdir(), `netloom-${name}-`));
  chmodSync(prefix, 0o755);
  return prefix;
}

/**
 * A WAF edge as the tests run it on this box: Debian's nginx with ModSecurity and the CRS, one
 * worker, on loopback ports below the ephemeral range, with none of the agent's helpers unless
 * the test gives them.
 */
export async function testEdgeOptions(prefix: string, helpers: Partial<NginxOptions> = {}): Promise<NginxOptions> {
  return {
    prefix,
    listen: { address: '127.0.0.1', http: await freeLoopbackPort(), https: await freeLoopbackPort() },
    modules: { modsecurity: DEBIAN_WAF_PATHS.modsecurityModule, geoip2: null },
    crs: { setup: DEBIAN_WAF_PATHS.crsSetup, rules: DEBIAN_WAF_PATHS.crsRules },
    countryDb: null,
    dpopChecker: null,
    challenger: null,
    workers: 1,
    ...helpers,
  };
}
