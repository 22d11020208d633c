import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';

test("the device table downloads 'Device Details' as CSV with the spec's columns", async ({ page, request, baseURL }) => {
  const fleet = new SimFleet(request, baseURL!, await ownerApi(request, demo.owner));
  try {
    await fleet.add({ name: 'e2e-gw-csv-one', kind: 'gateway', publicIp: '198.51.100.7' });
    await fleet.add({ name: 'e2e-gw-csv-two', kind: 'gateway', location: { name: 'Berlin, Mitte', lat: 52.52, lng: 13.4 } });
    await logIn(page, demo.owner);
    const table = page.getByRole('table', { name: 'Devices' });
    await expect(table.getByRole('row', { name: /e2e-gw-csv-two/ })).toContainText('Running');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('Device Details.csv');
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...lines] = text.split('\r\n');
    expect(header).toBe('Device Name,Username,Public IP,Vpn IP,OS,Location,Device Status,Created At,Last Seen');
    const one = lines.find((l) => l.startsWith('e2e-gw-csv-one,'));
    // Dates read 'DD MMM YY, hh:mm A'; their comma makes them quoted cells, like any other.
    const date = String.raw`"\d{2} \w{3} \d{2}, \d{2}:\d{2} [AP]M"`;
    expect(one).toMatch(new RegExp(String.raw`^e2e-gw-csv-one,,198\.51\.100\.7,,NetloomOS,Chennai,Running,${date},${date}$`));
    expect(lines.find((l) => l.startsWith('e2e-gw-csv-two,'))).toContain('"Berlin, Mitte"');
  } finally {
    await fleet.remove();
  }
});
