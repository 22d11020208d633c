import { expect, test, type Page } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi } from './support/fleet';

const panel = (page: Page) => page.getByRole('dialog', { name: 'Assistant' });
const describe = async (page: Page, option: string, request: string) => {
  await panel(page).getByRole('button', { name: option }).click();
  await panel(page).getByRole('textbox', { name: 'Describe your request' }).fill(request);
  await panel(page).getByRole('button', { name: 'Send' }).click();
};

test('an owner makes a web-filter policy and an endpoint profile by describing them: each is shown before it is made, then found in its list', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await ownerApi(request, demo.owner);
  const auth = { Authorization: `Bearer ${owner.access}` };
  const q = `tenant_id=${owner.tenantId}`;
  const tag = crypto.randomUUID().slice(0, 6);
  const email = `assist-${tag}@acme.test`;
  const groupName = `Traders ${tag}`;
  const policyName = `No betting ${tag}`;
  const profileName = `Traders VPN ${tag}`;
  let userId = '';
  let groupId = '';
  try {
    userId = ((await (await request.post('/api/v1/teams/users/', { headers: auth, data: { email, role: 'viewer' } })).json()) as { id: string }).id;
    groupId = ((await (await request.post('/api/v1/teams/groups/', { headers: auth, data: { name: groupName, user_ids: [userId] } })).json()) as { id: string })
      .id;

    await logIn(page, demo.owner);
    await page.goto('/ztna/organization/web-filter/url-based-filtering');
    await expect(page.getByRole('heading', { name: 'URL Filtering' })).toBeVisible();
    await page.getByRole('button', { name: 'Assistant' }).click();

    // An ambiguous request is asked back, never guessed.
    await describe(page, 'Create WebFilter', `block gambling for Traders`);
    await expect(panel(page).getByText(`Do you mean ${groupName}? Say its whole name.`)).toBeVisible();

    // No schedule, so Test a URL below answers the same at any hour the journey runs (the corpus covers days and hours).
    await panel(page).getByRole('textbox', { name: 'Describe your request' }).fill(`block gambling for ${groupName} called ${policyName}`);
    await panel(page).getByRole('button', { name: 'Send' }).click();
    const draft = panel(page).getByTestId('assistant-draft');
    await expect(draft).toContainText('Block: Gambling');
    await expect(draft).toContainText(`For: group ${groupName}`);
    // Nothing is made until it is confirmed.
    await expect(page.getByRole('row', { name: policyName })).toHaveCount(0);
    await draft.getByRole('button', { name: 'Create' }).click();
    await expect(panel(page).getByText('The web-filter policy was created successfully.')).toBeVisible();
    await expect(panel(page).getByText('Do you want to continue?')).toBeVisible();
    await expect(panel(page).getByRole('textbox', { name: 'Describe your request' })).toBeDisabled();
    const row = page.getByRole('row', { name: policyName });
    await expect(row).toContainText(`Group ${groupName}`);
    await expect(row).toContainText('Gambling');

    // Test a URL: the group's user is blocked by the policy the assistant made.
    const tool = page.getByTestId('test-url-tool');
    await tool.getByRole('combobox', { name: 'User', exact: true }).fill(email);
    await page.getByRole('option', { name: email }).click();
    await tool.getByRole('textbox', { name: 'URL', exact: true }).fill('https://www.bet365.com/');
    await tool.getByRole('button', { name: 'Test', exact: true }).click();
    await expect(tool.getByTestId('test-url-reason')).toHaveText(`Blocked by policy '${policyName}': category Gambling`);

    // The endpoint profile, through the same conversation.
    await describe(page, 'Create MZA Profile', `a Classic ZTNA profile for ${groupName} that connects manually called ${profileName}`);
    const profileDraft = panel(page).getByTestId('assistant-draft').last();
    await expect(profileDraft).toContainText('Connects: when the user asks');
    await profileDraft.getByRole('button', { name: 'Create' }).click();
    await expect(panel(page).getByText('The endpoint profile was created successfully.')).toBeVisible();
    await panel(page).getByRole('button', { name: 'Close assistant' }).click();
    await page.goto('/ztna/device/configure/overlay-mesh-vpn');
    await expect(page.getByRole('table', { name: 'Classic ZTNA profiles' }).getByRole('row', { name: new RegExp(profileName) })).toBeVisible();
  } finally {
    const policies = (await (await request.get(`/api/v1/tenant/config/webfilter-policy/?${q}`, { headers: auth })).json()) as { id: string; name: string }[];
    for (const p of policies.filter((x) => x.name === policyName))
      await request.delete(`/api/v1/tenant/config/webfilter-policy/${p.id}/?${q}`, { headers: auth });
    const profiles = (await (await request.get(`/api/v1/tenant/ztna/profiles/?${q}`, { headers: auth })).json()) as
      { id: string; name: string }[] | { results: { id: string; name: string }[] };
    for (const p of (Array.isArray(profiles) ? profiles : profiles.results).filter((x) => x.name === profileName))
      await request.delete(`/api/v1/tenant/ztna/profiles/${p.id}/?${q}`, { headers: auth });
    if (groupId) await request.delete(`/api/v1/teams/groups/${groupId}/`, { headers: auth });
    if (userId) await request.delete(`/api/v1/teams/users/${userId}/`, { headers: auth });
  }
});
