import { readFileSync, readlinkSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAB, LAB_INTERFACES, labUnavailable } from './test/netns-lab';
import { labAgent, waitFor } from './test/lab-agent';

const unavailable = labUnavailable();

/** The box's clock from the console: its time zone, and NTP through chrony to a real server over the lab's WAN. */
describe.runIf(!unavailable)("the Netloom agent setting the box's time", () => {
  const h = labAgent({ serial: 'LNX-LAB-TIME', chrony: true });
  const etc = () => path.join(h.stateDir, 'etc');
  const sourcesFile = () => path.join(h.stateDir, 'chrony-sources', 'netloom.sources');
  const system = async () => {
    const s = await h.status('system');
    return s.kind === 'system' ? s.entries[0] : undefined;
  };
  const ntp = { enabled: true, servers: [LAB.remote], timezone: 'Asia/Kolkata' };

  it("sets the time zone and has chrony follow the site's NTP server, which the system report shows synchronised", async () => {
    expect((await h.push('interfaces', LAB_INTERFACES)).sync.state).toBe('synced');
    const c = await h.push('services', { ntp });
    expect(c.sync).toMatchObject({ state: 'synced', error: null });
    expect(readlinkSync(path.join(etc(), 'localtime'))).toBe('/usr/share/zoneinfo/Asia/Kolkata');
    expect(readFileSync(path.join(etc(), 'timezone'), 'utf8')).toBe('Asia/Kolkata\n');
    expect(readFileSync(sourcesFile(), 'utf8')).toContain(`server ${LAB.remote} iburst`);
    const synced = await waitFor('chrony synchronised to the site', async () => {
      const s = await system();
      return s?.ntp?.state === 'synchronised' && s;
    });
    expect(synced).toMatchObject({ time_zone: 'Asia/Kolkata', ntp: { state: 'synchronised', source: LAB.remote } });
  });

  it('reports its NTP server removed by hand as drift, and auto-sync puts it back', async () => {
    rmSync(sourcesFile());
    const drifted = await waitFor('the drift reported', async () => {
      const box = (await h.config()).drift?.box_document as { services?: { ntp?: { enabled: boolean } } } | undefined;
      return box?.services?.ntp?.enabled === false && box;
    });
    expect(drifted.services?.ntp).toMatchObject({ enabled: false, timezone: 'Asia/Kolkata' });
    await waitFor('the server back', () => {
      try {
        return readFileSync(sourcesFile(), 'utf8').includes(LAB.remote);
      } catch {
        return false;
      }
    });
    await waitFor('synced again', async () => (await h.config()).sync.state === 'synced');
  });

  it('gives back the zone the box had and drops its NTP server when the services go', async () => {
    expect((await h.call('DELETE', `device/config/${h.deviceId}/sections/services/`)).statusCode).toBe(200);
    await waitFor('synced without services', async () => (await h.config()).sync.state === 'synced');
    expect(readlinkSync(path.join(etc(), 'localtime'))).toBe('/usr/share/zoneinfo/Etc/UTC');
    expect(() => readFileSync(sourcesFile())).toThrow();
  });
});
