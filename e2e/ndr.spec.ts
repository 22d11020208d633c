import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { grantSubscription, ownerApi } from './support/fleet';
import { startSimulator, type RunningSimulator } from './support/simulator';

interface Detection {
  id: string;
  title: string;
  host: { ip: string; device_id: string };
  peer: string | null;
}

test("an owner investigates a port scan: the simulated gateway's host probes a neighbour, NDR's rule raises a detection from its flows, the overview counts it, its page shows the tactic and the evidence, the owner acknowledges it with a note and opens the host's timeline", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const owner = await ownerApi(request, demo.owner);
  const auth = { Authorization: `Bearer ${owner.access}` };
  const q = `?tenant_id=${owner.tenantId}`;
  // NDR comes with the RUM subscription (spec 000 §6): the super admin grants it to Acme for the journey, and takes it back after.
  const restoreSubscriptions = await grantSubscription(request, owner.tenantId, 'rum');

  // A seed and names of their own, so a retry never meets the first attempt's leftovers.
  const tag = crypto.randomUUID().slice(0, 6);
  const note = `nmap from the help desk ${tag}`;
  const sims: RunningSimulator[] = [];
  try {
    await journey();
  } finally {
    for (const sim of sims) sim.stop();
    for (const id of sims.flatMap((sim) => sim.enrolled)) await request.post(`/api/v1/device/${id}/unclaim/`, { headers: auth, data: {} });
    await restoreSubscriptions();
  }

  async function journey() {
    // One gateway whose first LAN host scans a neighbour's ports from the start (as nmap does), its
    // flows exported every 5 s so the rule sees a minute's probes within seconds.
    const key = ((await (await request.get('/api/v1/tenant/enrolment-key/', { headers: auth })).json()) as { enrolment_key: string }).enrolment_key;
    const simulator = startSimulator(baseURL!, key, [
      ...['--gateways', '1', '--endpoints', '0', '--scenario', 'port-scan'],
      ...['--flow-interval', '5', '--url-interval', '0', '--ztna-interval', '0'],
      ...['--seed', String(parseInt(tag, 16)), '--email-domain', `ndr-${tag}.test`],
    ]);
    sims.push(simulator);
    await expect.poll(() => simulator.enrolled.length, { timeout: 30_000 }).toBe(1);
    const deviceId = simulator.enrolled[0]!;

    // The rule's detection, raised from the gateway's real flows through ingest and the engine.
    let detection: Detection | undefined;
    await expect
      .poll(
        async () => {
          const res = await request.get(`/api/v1/ndr/detections/${q}&rule_id=ndr.port_scan&device_id=${deviceId}`, { headers: auth });
          detection = ((await res.json()) as { results?: Detection[] }).results?.[0];
          return detection?.id ?? `${res.status()}`;
        },
        { timeout: 90_000, intervals: [2_000] },
      )
      .toMatch(/^[0-9a-f-]{36}$/);
    const { id, title, host } = detection!;

    // The overview counts it.
    await logIn(page, demo.owner);
    await page.goto('/ndr/dashboard');
    await expect(page.getByRole('heading', { name: 'Network Detection and Response', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('group', { name: 'Detections' }).getByRole('link')).toHaveText(/^[1-9][\d,]*$/);
    await expect(page.getByRole('table', { name: 'Hosts at risk' }).getByRole('link', { name: host.ip }).first()).toBeVisible();

    // The list of the rule's detections about the host leads to it.
    await page.goto(`/ndr/detections?rule_id=ndr.port_scan&host=${host.ip}`);
    const list = page.getByRole('table', { name: 'Detections' });
    await list.locator(`a[href="/ndr/detections/${id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/ndr/detections/${id}$`));
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 30_000 });

    // Its ATT&CK tactic (Discovery) and technique, and the flows that raised it: probes of the neighbour.
    const tactics = page.getByRole('list', { name: 'ATT&CK tactics' });
    await expect(tactics).toContainText('TA0007');
    await expect(tactics).toContainText('Discovery');
    await expect(page.getByRole('list', { name: 'ATT&CK techniques' })).toContainText('T1046');
    const evidence = page.getByRole('table', { name: 'Evidence the rule kept' });
    await expect(evidence.getByRole('row').filter({ hasText: 'Flow' }).first()).toBeVisible();
    if (detection!.peer) await expect(evidence).toContainText(detection!.peer);

    // Acknowledged with a note: the page says so, and so does the server.
    const triage = page.getByRole('region', { name: 'Triage' });
    await triage.getByRole('textbox', { name: 'Note' }).fill(note);
    await triage.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(triage.getByText('Acknowledged', { exact: true })).toBeVisible();
    await expect(triage).toContainText(note);
    await expect(triage.getByRole('button', { name: 'Resolve' })).toBeVisible();

    // The host's timeline: the detection among its own, and the flows behind it.
    await page.getByRole('region', { name: 'Detection' }).getByRole('link', { name: host.ip }).click();
    await expect(page.getByRole('heading', { name: `Host ${host.ip}`, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Detections of the host' }).locator(`a[href="/ndr/detections/${id}"]`)).toBeVisible();
    await page.getByRole('tab', { name: /^Flows \([1-9]/ }).click();
    await expect(page.getByRole('table', { name: 'Flows of the host' }).getByRole('row').nth(1)).toContainText(host.ip);
  }
});
