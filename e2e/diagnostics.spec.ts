import { readFileSync } from 'node:fs';
import { expect, test } from './support/test';
import { startSimulator } from './support/simulator';
import { demo, logIn } from './support/demo';
import { ownerApi } from './support/fleet';

/** How many packet records a classic pcap file holds: each has a 16-byte header whose third word is its length. */
function pcapRecords(file: Buffer): number {
  let count = 0;
  for (let at = 24; at + 16 <= file.length; at += 16 + file.readUInt32LE(at + 8)) count++;
  return count;
}

test('an editor pings from a gateway and watches the replies arrive, then captures packets and downloads the pcap', async ({ page, request, baseURL }) => {
  const owner = await ownerApi(request, demo.owner);
  const auth = { Authorization: `Bearer ${owner.access}` };
  const key = ((await (await request.get('/api/v1/tenant/enrolment-key/', { headers: auth })).json()) as { enrolment_key: string }).enrolment_key;
  // No link of this gateway flaps: the ping's replies are all there.
  const simulator = startSimulator(baseURL!, key, ['--gateways', '1', '--endpoints', '0', '--seed', '23', '--email-domain', 'e2e-diagnostics.test']);
  const firstDevice = () => simulator.enrolled[0] ?? '';
  try {
    // A new simulator process starts and enrols: on a loaded machine starting Node alone can take half a minute.
    await expect.poll(firstDevice, { timeout: 60_000 }).not.toBe('');
    const deviceId = firstDevice();

    await logIn(page, demo.editor);
    await page.goto(`/sdwan/device/configure/diagnostics/ping?device=${deviceId}`);
    await expect(page.getByRole('heading', { name: 'Diagnostics' })).toBeVisible();
    await page.getByLabel('Host').fill('8.8.8.8');
    await page.getByLabel('Count').fill('8');
    await page.getByLabel('Interval (s)').fill('1');
    await page.getByRole('button', { name: 'Run' }).click();

    const terminal = page.getByTestId('diagnostic-terminal');
    // The replies come one by one, while the ping still runs.
    await expect(terminal).toContainText('PING 8.8.8.8 (8.8.8.8)');
    await expect(terminal).toContainText('icmp_seq=1');
    await expect(page.getByTestId('diagnostic-state')).toHaveText('Running');
    await expect(terminal).toContainText('icmp_seq=8');
    await expect(terminal).toContainText('8 packets transmitted');
    await expect(page.getByTestId('diagnostic-state')).toHaveText('Done');

    // A reload shows the same run, from what the server kept.
    await page.reload();
    await expect(page.getByTestId('diagnostic-terminal')).toContainText('8 packets transmitted');

    // A packet capture on the first WAN, of HTTPS only, until 20 packets.
    await page.getByRole('tab', { name: 'Packet capture' }).click();
    await expect(page).toHaveURL(/\/diagnostics\/tcpDump\?device=/);
    await page.getByRole('combobox', { name: 'Interface' }).fill('eth0');
    await page.getByLabel('Filter').fill('tcp port 443');
    await page.getByLabel('Max packets').fill('20');
    await page.getByRole('button', { name: 'Run' }).click();
    // The terminal shows its last rows only: the capture's first line has scrolled away by the end.
    await expect(terminal).toContainText('20 packets captured');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download capture/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^gw-[a-z0-9_-]+-\d{8}T\d{6}Z\.pcap$/);
    const file = readFileSync((await download.path())!);
    expect(file.readUInt32LE(0)).toBe(0xa1b2c3d4);
    expect(file.readUInt32LE(20)).toBe(1);
    expect(pcapRecords(file)).toBe(20);

    // A filter outside the grammar is refused at the form, before anything runs.
    await page.getByLabel('Filter').fill('tcp; reboot');
    await page.getByRole('button', { name: 'Run' }).click();
    await expect(page.getByText(/Not a valid capture filter/)).toBeVisible();
  } finally {
    simulator.stop();
    const enrolledAs = firstDevice();
    if (enrolledAs) await request.post(`/api/v1/device/${enrolledAs}/unclaim/`, { headers: auth, data: {} });
  }
});
