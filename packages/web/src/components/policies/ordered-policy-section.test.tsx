import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Button } from '@mantine/core';
import { ApiError } from '@/lib/http/api-error';
import { renderWithProviders } from '@/test/render';
import { OrderedPolicySection, type OrderedPolicySectionProps, type PolicyWrites } from './ordered-policy-section';
import { ruleColumns, ruleWrites, threeRules, type Rule } from './test-rules';

function RuleEditor({ rule, done }: { rule?: Rule; done: () => void }) {
  return (
    <form aria-label={rule ? `Edit ${rule.name}` : 'New rule'}>
      <Button onClick={done}>Done</Button>
    </form>
  );
}

function section(over: Partial<OrderedPolicySectionProps<Rule>> & { writes?: PolicyWrites<Rule> } = {}) {
  const writes = over.writes ?? ruleWrites();
  const props: OrderedPolicySectionProps<Rule> = {
    title: 'Rules',
    description: 'The first rule that matches decides.',
    writer: true,
    policies: { data: threeRules(), isError: false, isLoading: false, refetch: vi.fn() },
    writes,
    list: { label: 'Rules', columns: ruleColumns },
    deleteMessage: 'Gateways stop applying it.',
    editor: (rule, done) => <RuleEditor rule={rule} done={done} />,
    ...over,
  };
  return { writes, props, ...renderWithProviders(<OrderedPolicySection {...props} />) };
}

describe('ordered policy section', () => {
  it('saves a new order, and says what the server answered when it refuses one', async () => {
    const refused = ruleWrites(new ApiError({ status: 400, code: 'invalid', detail: 'Stale order' }));
    const { user } = section({ writes: refused });
    await user.click(screen.getByRole('button', { name: 'Move Bravo up' }));
    expect(refused.reorder).toHaveBeenCalledWith(['r2', 'r1', 'r3']);
    expect(await screen.findByText('Stale order')).toBeTruthy();
  });

  it('turns a policy off and confirms it', async () => {
    const { writes, user } = section();
    await user.click(screen.getByRole('switch', { name: 'Enable Alpha' }));
    expect(writes.setEnabled).toHaveBeenCalledWith(expect.objectContaining({ id: 'r1' }), false);
    expect(await screen.findByText('Policy edited successfully')).toBeTruthy();
  });

  it("deletes only after 'Yes', saying what happens next", async () => {
    const { writes, user } = section();
    await user.click(screen.getByRole('button', { name: 'Delete Bravo' }));
    expect(await screen.findByText('Gateways stop applying it.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(writes.remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete Bravo' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(writes.remove).toHaveBeenCalledWith(expect.objectContaining({ id: 'r2' })));
    expect(await screen.findByText('Policy deleted successfully')).toBeTruthy();
  });

  it('opens the editor of a new policy and of an existing one in a named dialog, and closes it when the editor is done', async () => {
    const { user } = section();
    await user.click(screen.getByRole('button', { name: 'Create Policy' }));
    const created = await screen.findByRole('dialog', { name: 'Create Policy' });
    expect(within(created).getByRole('form', { name: 'New rule' })).toBeTruthy();
    await user.click(within(created).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Edit Charlie' }));
    const edited = await screen.findByRole('dialog', { name: 'Edit policy: Charlie' });
    expect(within(edited).getByRole('form', { name: 'Edit Charlie' })).toBeTruthy();
  });

  it('invites a writer to create the first policy, and tells a reader who can', async () => {
    const empty = {
      writer: { title: 'Create your First Rule', description: 'Rules pass or drop.' },
      reader: { title: 'No Rules yet', description: 'Editors create rules.' },
    };
    const none = { data: [], isError: false, isLoading: false, refetch: vi.fn() };
    const { unmount } = section({ policies: none, empty });
    expect(screen.getByText('Create your First Rule')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Create Policy' })).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
    unmount();

    section({ policies: none, empty, writer: false });
    expect(screen.getByText('No Rules yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Policy' })).toBeNull();
  });

  it('shows a skeleton while loading and a retry when the list cannot be read', async () => {
    const refetch = vi.fn();
    const { unmount } = section({ policies: { isError: false, isLoading: true, refetch } });
    expect(screen.queryByRole('table')).toBeNull();
    unmount();

    const { user } = section({ policies: { isError: true, isLoading: false, refetch } });
    expect(screen.getByText('Oops! Something wrong')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(refetch).toHaveBeenCalled();
  });
});
