import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { grantSubscription, ownerApi } from './support/fleet';
import { startSimulator, type RunningSimulator } from './support/simulator';

interface IotDeviceRow {
  id: string;
  hostname: string | null;
  vendor: string | null;
  classification: { class: string };
}

test("an owner watches a simulated IoT site: the gateway's LAN devices are listed with their vendors, a camera's class is corrected and stays corrected across its later reports, and a forwarding rule turns a sensor's MQTT readings into a telemetry graph", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const owner = await ownerApi(request, demo.owner);
  const auth = { Authorization: `Bearer ${owner.access}` };
  const q = `?tenant_id=${owner.tenantId}`;
  // IoT Gateway is a subscription of its own: the super admin grants it to Acme for the journey, and takes it back after.
  const restoreSubscriptions = await grantSubscription(request, owner.tenantId, 'iot-gateway');

  // A seed and a series of their own, so a retry never meets the first attempt's leftovers.
  const tag = crypto.randomUUID().slice(0, 6);
  const series = `temperature_${tag}`;
  const sims: RunningSimulator[] = [];
  const corrected: string[] = [];
  try {
    await journey();
  } finally {
    for (const sim of sims) sim.stop();
    for (const id of corrected) await request.patch(`/api/v1/iot/devices/${id}/${q}`, { headers: auth, data: { class: null } });
    const rules = (await (await request.get(`/api/v1/iot/forward-rules/${q}`, { headers: auth })).json().catch(() => ({ results: [] }))) as {
      results: { id: string; series: string }[];
    };
    for (const r of rules.results.filter((r) => r.series === series)) await request.delete(`/api/v1/iot/forward-rules/${r.id}/${q}`, { headers: auth });
    for (const id of sims.flatMap((sim) => sim.enrolled)) await request.post(`/api/v1/device/${id}/unclaim/`, { headers: auth, data: {} });
    await restoreSubscriptions();
  }

  async function journey() {
    // One gateway that is an IoT site: it reports its LAN's devices every 5 s and bridges its
    // sensors' MQTT (a real broker and real clients in the simulator), sending the readings every 5 s.
    const key = ((await (await request.get('/api/v1/tenant/enrolment-key/', { headers: auth })).json()) as { enrolment_key: string }).enrolment_key;
    const simulator = startSimulator(baseURL!, key, [
      ...['--gateways', '1', '--endpoints', '0', '--iot-sites', '1', '--iot-interval', '5', '--telemetry-interval', '5'],
      ...['--url-interval', '0', '--ztna-interval', '0', '--dns-interval', '0', '--ids-interval', '0'],
      ...['--seed', String(parseInt(tag, 16)), '--email-domain', `iot-${tag}.test`],
    ]);
    sims.push(simulator);
    await expect.poll(() => simulator.enrolled.length, { timeout: 30_000 }).toBe(1);
    const gatewayId = simulator.enrolled[0]!;

    // The gateway's first report of its LAN, through the device protocol into the inventory.
    const devicesUrl = `/api/v1/iot/devices/${q}&gateway_id=${gatewayId}&page_size=100`;
    let devices: IotDeviceRow[] = [];
    await expect
      .poll(
        async () => {
          devices = ((await (await request.get(devicesUrl, { headers: auth })).json()) as { results: IotDeviceRow[] }).results;
          return devices.some((d) => d.classification.class === 'camera');
        },
        // The first report leaves within 5 s of enrolment. Beside the other journeys' servers, simulators and
        // browsers, a run on two cores waited over 90 s for it; the journey's own timeout (test.slow) leaves room.
        { timeout: 180_000 },
      )
      .toBe(true);

    await logIn(page, demo.owner);
    // The devices the gateway discovered, each with the vendor its MAC names.
    await page.goto(`/iot-gateway/devices?gateway=${gatewayId}`);
    await expect(page.getByRole('heading', { name: 'IoT devices', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'IoT devices' });
    const camera = devices.find((d) => d.classification.class === 'camera' && d.vendor)!;
    const cameraName = camera.hostname!;
    await expect(table.getByRole('row', { name: new RegExp(cameraName) })).toContainText(camera.vendor!);
    await expect(table.getByRole('row', { name: /shellyht-/ })).toBeVisible();
    // Choosing the camera's vendor leaves that vendor's devices only.
    await page.getByRole('combobox', { name: 'Vendor' }).click();
    await page.getByRole('option', { name: camera.vendor!, exact: true }).click();
    await expect(table.getByRole('row', { name: /shellyht-/ })).toHaveCount(0);
    await expect(table.getByRole('row', { name: new RegExp(cameraName) })).toBeVisible();

    // The overview counts the whole inventory: at least this gateway's devices.
    await page.goto('/iot-gateway/dashboard');
    await expect(page.getByRole('group', { name: 'Devices' }).getByRole('link')).toHaveText(/^[1-9][\d,]*$/);
    const counted = Number((await page.getByRole('group', { name: 'Devices' }).getByRole('link').textContent())!.replace(/,/g, ''));
    expect(counted).toBeGreaterThanOrEqual(devices.length);
    await page.goBack();

    // The camera: classed by its evidence, then corrected by the owner; the correction sticks.
    await table.getByRole('link', { name: cameraName, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/iot-gateway/devices/${camera.id}`));
    await expect(page.getByRole('heading', { name: cameraName, level: 1 })).toBeVisible();
    const classification = page.getByRole('region', { name: 'Classification' });
    await expect(classification.getByLabel('Class', { exact: true })).toHaveText('IP camera');
    await expect(classification).toContainText('Confidence');
    await classification.getByRole('combobox', { name: 'Correct the class' }).click();
    await page.getByRole('option', { name: 'Video recorder (NVR/DVR)' }).click();
    await classification.getByRole('button', { name: 'Save class' }).click();
    corrected.push(camera.id);
    await expect(classification.getByLabel('Class', { exact: true })).toHaveText('Video recorder (NVR/DVR)');
    await expect(classification).toContainText(`Set by ${demo.owner}`);
    await expect(classification).toContainText('The evidence alone says IP camera');

    // A forwarding rule for the H&T sensors' temperature topics, while the gateway keeps reporting.
    await page.goto('/iot-gateway/organization/forwarding-rules');
    await expect(page.getByRole('heading', { name: 'Forwarding rules', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add a forwarding rule' }).click();
    const form = page.getByRole('dialog', { name: 'Add a forwarding rule' });
    await form.getByRole('textbox', { name: /^Topic filter/ }).fill('shellies/+/sensor/temperature');
    await form.getByRole('textbox', { name: /^Series/ }).fill(series);
    await form.getByRole('textbox', { name: /^Unit/ }).fill('°C');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Forwarding rules' }).getByRole('row', { name: new RegExp(series) })).toContainText(
      'shellies/+/sensor/temperature',
    );

    // The camera's later reports, sent every 5 s all the while, did not undo the correction.
    await page.goto(`/iot-gateway/devices/${camera.id}`);
    await expect(classification.getByLabel('Class', { exact: true })).toHaveText('Video recorder (NVR/DVR)');
    await expect(classification).toContainText(`Set by ${demo.owner}`);

    // The sensor: its temperature readings, published to the site's broker and bridged by the
    // gateway, arrive through the rule as a last value and a graph.
    const sensor = devices.find((d) => d.hostname?.startsWith('shellyht-'))!;
    await page.goto(`/iot-gateway/devices/${sensor.id}`);
    await expect(page.getByRole('heading', { name: sensor.hostname!, level: 1 })).toBeVisible();
    const telemetry = page.getByRole('region', { name: 'Telemetry' });
    await expect(async () => {
      await page.reload();
      await expect(telemetry.getByRole('listitem', { name: series })).toContainText('°C', { timeout: 5_000 });
    }).toPass({ timeout: 180_000 });
    await expect(telemetry.getByRole('img', { name: `${series} (°C)` })).toBeVisible();
  }
});
