import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Clock, parseTracking } from './clock';

const ZONEINFO = '/usr/share/zoneinfo';

/** A box's /etc of its own, in Europe/London, with the agent's state beside it; no chronyd (its sources are the lab's to prove). */
function box() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'netloom-clock-'));
  const etc = path.join(dir, 'etc');
  const clock = new Clock({ etcRoot: etc, zoneinfo: ZONEINFO, sourcesFile: path.join(etc, 'chrony/sources.d/netloom.sources'), stateDir: dir }, false);
  return { etc, clock };
}

describe("the box's time zone", () => {
  it('points localtime at the zone and names it in /etc/timezone, then gives back the zone the box had when the configuration names none', async () => {
    const { etc, clock } = box();
    mkdirSync(etc, { recursive: true });
    symlinkSync(`${ZONEINFO}/Europe/London`, path.join(etc, 'localtime'));
    await clock.apply({ enabled: false, servers: [], timezone: 'Asia/Kolkata' });
    expect(readlinkSync(path.join(etc, 'localtime'))).toBe(`${ZONEINFO}/Asia/Kolkata`);
    expect(readFileSync(path.join(etc, 'timezone'), 'utf8')).toBe('Asia/Kolkata\n');
    await clock.apply({ enabled: false, servers: [], timezone: 'America/New_York' });
    expect(await clock.zone()).toBe('America/New_York');
    await clock.apply(undefined);
    expect(await clock.zone()).toBe('Europe/London');
    expect(readFileSync(path.join(etc, 'timezone'), 'utf8')).toBe('Europe/London\n');
  });
  it('refuses a zone this host has no data for, and changes nothing', async () => {
    const { clock } = box();
    await expect(clock.apply({ enabled: false, servers: [], timezone: 'Mars/Olympus_Mons' })).rejects.toThrow(
      'this host has no time zone data for Mars/Olympus_Mons (install tzdata)',
    );
    expect(await clock.zone()).toBeNull();
  });
});

describe("chrony's tracking", () => {
  it('follows a server, or says it follows none', () => {
    expect(
      parseTracking('CB00710A,203.0.113.10,9,1796005288.155047157,-0.000002692,0.000000153,0.000001555,0.078,0.011,0.747,0.000008322,0.000002672,1.0,Normal\n'),
    ).toEqual({ synchronised: true, source: '203.0.113.10', stratum: 9, offset_ms: -0.003 });
    expect(parseTracking('00000000,,0,0.000000000,0.000000000,0.000000000,0.000000000,0.000,0.000,0.000,1.0,1.0,0.0,Not synchronised\n')).toEqual({
      synchronised: false,
      source: null,
      stratum: 0,
      offset_ms: 0,
    });
    expect(parseTracking('506 Cannot talk to daemon')).toBeNull();
  });
});
