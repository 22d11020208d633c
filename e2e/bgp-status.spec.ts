import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';

test("the tenant BGP page lists every gateway's neighbours; the gateway's own page shows its local IP and ASN", async ({ page, request, baseURL }) => {
  const owner = await ownerApi(request, demo.owner);
  const fleet = new SimFleet(request, baseURL!, owner);
  try {
    const gateway = await fleet.add({ name: 'e2e-bgp-gw', kind: 'gateway' });
    gateway.setStatus({
      kind: 'bgp',
      local: { ip: '10.8.0.9', asn: 64600 },
      entries: [{ neighbour: '198.51.100.1', asn: 65001, state: 'Established', msg_sent: 10, msg_received: 12, prefixes: 1 }],
    });
    // The unasked report travels the device's connection; the tenant page reads what has arrived
    // (and refetches every 30 s), so the journey opens it once the server holds the report.
    const reported = async () => {
      const res = await request.get(`/api/v1/device/status/bgp/?tid=${owner.tenantId}`, { headers: { Authorization: `Bearer ${owner.access}` } });
      return JSON.stringify(await res.json()).includes('e2e-bgp-gw');
    };
    await expect.poll(reported, { timeout: 30_000 }).toBe(true);
    await logIn(page, demo.owner);
    await expect(page).toHaveURL(/\/sdwan\/dashboard$/);

    await page.goto('/sdwan/organization/monitor/globalBGP');
    const row = page.getByRole('table', { name: 'BGP neighbours of all gateways' }).getByRole('row', { name: /e2e-bgp-gw/ });
    await expect(row).toContainText('198.51.100.1');
    await expect(row).toContainText('65001');
    await expect(row).toContainText('Established');
    await expect(row).toContainText('64600');

    await page.goto(`/sdwan/device/status/bgp?device=${gateway.id}`);
    await expect(page.getByRole('group', { name: 'Local IP' })).toContainText('10.8.0.9');
    await expect(page.getByRole('group', { name: 'Local ASN' })).toContainText('64600');
    await expect(page.getByRole('table', { name: 'BGP neighbours' }).getByRole('row', { name: /198\.51\.100\.1/ })).toContainText('Established');
  } finally {
    await fleet.remove();
  }
});
