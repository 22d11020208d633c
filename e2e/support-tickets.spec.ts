import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';

test('a tenant user raises a ticket about a gateway, a support engineer answers it at the desk, and the reply appears live in Track Status', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const fleet = new SimFleet(request, baseURL!, await ownerApi(request, demo.owner));
  const subject = `WAN keeps flapping ${Date.now()}`;
  const answer = `Please update the firmware and tell us ${Date.now()}`;
  const desk = await browser.newContext();
  try {
    const gatewayName = `e2e-ticket-gw-${Date.now()}`;
    await fleet.add({ name: gatewayName, kind: 'gateway' });

    // The viewer raises it from the header's support menu, about the gateway.
    await logIn(page, demo.viewer);
    await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
    await page.getByRole('button', { name: 'Support' }).click();
    await page.getByRole('menuitem', { name: 'Raise a Ticket' }).click();
    await expect(page.getByRole('heading', { name: 'Raise a Ticket' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await page.getByRole('textbox', { name: 'Description' }).fill('wan1 drops every hour since this morning');
    await page.getByRole('main').getByRole('combobox', { name: 'Device', exact: true }).click();
    await page.getByRole('option', { name: gatewayName }).click();
    await page.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: /^High/ }).click();
    await page.getByRole('button', { name: 'Raise ticket' }).click();

    // Track Status opens on it, with the context support would otherwise ask for.
    await expect(page).toHaveURL(/\/support\/ticket\/helpdesk\/trackTicket\?ticket=/);
    const ticket = page.getByRole('dialog', { name: 'Ticket' });
    await expect(ticket.getByRole('heading', { name: new RegExp(subject) })).toBeVisible();
    const context = ticket.getByLabel('Context when raised');
    await expect(context).toContainText(`Device: ${gatewayName}`);
    await expect(context).toContainText('Model NL-100');
    await expect(ticket.getByText(/left$/).first()).toBeVisible();

    // A support engineer, in a browser of their own, finds it in the desk's queue and answers.
    const engineer = await desk.newPage();
    await logIn(engineer, demo.supportEngineer);
    await expect(engineer).toHaveURL(/\/support\/desk$/);
    await engineer.getByRole('button', { name: subject }).click();
    const deskTicket = engineer.getByRole('dialog', { name: 'Ticket' });
    await expect(deskTicket.getByLabel('Context when raised')).toContainText('Model NL-100');
    await deskTicket.getByRole('textbox', { name: /Public reply/ }).fill(answer);
    await deskTicket.getByRole('button', { name: 'Send reply' }).click();
    await expect(deskTicket.getByText(answer)).toBeVisible();

    // The viewer's page, never reloaded, shows the answer and the ticket waiting on them.
    await expect(ticket.getByText(answer)).toBeVisible({ timeout: 10_000 });
    await expect(ticket.getByText('Pending (on customer)').first()).toBeVisible();

    // The viewer answers back; the engineer's desk, never reloaded either, shows it.
    const thanks = `Updating now, thanks ${Date.now()}`;
    await ticket.getByRole('textbox', { name: 'Reply' }).fill(thanks);
    await ticket.getByRole('button', { name: 'Send reply' }).click();
    await expect(deskTicket.getByText(thanks)).toBeVisible({ timeout: 10_000 });
  } finally {
    await desk.close();
    await fleet.remove();
  }
});
