import { expect, test, type Page } from './support/test';
import { demo, logIn } from './support/demo';

const chatBox = (page: Page) => page.getByRole('dialog', { name: 'Live Chat' });
const send = async (page: Page, text: string) => {
  await chatBox(page).getByRole('textbox', { name: 'Message' }).fill(text);
  await chatBox(page).getByRole('button', { name: 'Send' }).click();
};

test("two people of a tenant chat live in 'Chat with Users', and the owner's question to the provider is answered by support as 'Support'", async ({
  page,
  browser,
}) => {
  test.slow();
  const tag = crypto.randomUUID().slice(0, 6);
  const viewerContext = await browser.newContext();
  const supportContext = await browser.newContext();
  try {
    const viewer = await viewerContext.newPage();
    await logIn(page, demo.owner);
    await logIn(viewer, demo.viewer);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

    // The viewer writes to the users' channel; the owner, box closed, sees it counted on Live Chat.
    await viewer.getByRole('button', { name: 'Live Chat' }).click();
    await expect(chatBox(viewer).getByRole('radio')).toHaveCount(0);
    await send(viewer, `Is the Paris gateway down? ${tag}`);
    await expect(chatBox(viewer).getByTestId('chat-message').last()).toContainText(`Is the Paris gateway down? ${tag}`);
    const ownerEntry = page.getByRole('button', { name: /Live Chat/ });
    await expect(ownerEntry.getByLabel(/unread/)).toBeVisible();

    // The owner opens the chat, reads it and answers; the viewer sees the answer without reloading.
    await ownerEntry.click();
    await expect(chatBox(page).getByText(`Is the Paris gateway down? ${tag}`)).toBeVisible();
    await expect(ownerEntry.getByLabel(/unread/)).toHaveCount(0);
    await send(page, `Yes, the ISP is on it ${tag}`);
    await expect(chatBox(viewer).getByText(`Yes, the ISP is on it ${tag}`)).toBeVisible();

    // The owner asks the provider; support answers in Super Admin → Support Chat, marked 'Support'.
    await chatBox(page).getByText('Chat with Netloom', { exact: true }).click();
    await send(page, `Can you check our VPN? ${tag}`);
    const support = await supportContext.newPage();
    await logIn(support, demo.superAdmin);
    await expect(support).toHaveURL(/\/superAdmin\/tenant$/);
    await support.goto('/support-chat');
    const conversation = support.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: /Acme/ });
    await expect(conversation).toContainText(`Can you check our VPN? ${tag}`);
    await conversation.click();
    await expect(support.getByRole('log', { name: 'Chat with Netloom messages' })).toContainText(`Can you check our VPN? ${tag}`);
    await support.getByRole('textbox', { name: 'Message', exact: true }).fill(`Looking at it now ${tag}`);
    await support.getByRole('button', { name: 'Send' }).click();

    const answer = chatBox(page)
      .getByTestId('chat-message')
      .filter({ hasText: `Looking at it now ${tag}` });
    await expect(answer).toBeVisible();
    await expect(answer.getByText('Support', { exact: true })).toBeVisible();
    // The users' channel stays the organisation's: support never sees it.
    await expect(support.getByText(`Is the Paris gateway down? ${tag}`)).toHaveCount(0);
  } finally {
    await viewerContext.close();
    await supportContext.close();
  }
});
