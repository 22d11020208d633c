import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { OrderedPolicyList, type OrderedPolicyListProps } from './ordered-policy-list';
import { DROP_THE_REST, ruleColumns, threeRules, type Rule } from './test-rules';

function list(over: Partial<OrderedPolicyListProps<Rule>> = {}) {
  const props: OrderedPolicyListProps<Rule> = {
    label: 'Rules',
    policies: threeRules(),
    columns: ruleColumns,
    writer: true,
    busy: false,
    onReorder: vi.fn(),
    onToggle: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(),
    ...over,
  };
  return { props, ...renderWithProviders(<OrderedPolicyList {...props} />) };
}

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Rules' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.getAttribute('aria-label'));

describe('ordered policy list', () => {
  it('shows the policies in order, numbered, with their own columns between the name and the switch', () => {
    list({ details: (r) => r.action === 'drop' && <span>Drops everything</span> });
    expect(rowNames()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const headers = within(screen.getByRole('table', { name: 'Rules' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Order', 'Name', 'Hosts', 'Action', 'Enabled', 'Actions']);
    const alpha = within(screen.getByRole('row', { name: 'Alpha' }));
    expect(alpha.getByText('1')).toBeTruthy();
    expect(alpha.getByText('The first')).toBeTruthy();
    expect(alpha.getByText('Any host')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'Bravo' })).getByText('Drops everything')).toBeTruthy();
  });

  it('moves a policy with its arrows and reports the whole new order; the ends cannot move further', async () => {
    const { props, user } = list();
    expect(screen.getByRole('button', { name: 'Move Alpha up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Charlie down' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Move Alpha down' }));
    expect(props.onReorder).toHaveBeenCalledWith(['r2', 'r1', 'r3']);
    await user.click(screen.getByRole('button', { name: 'Move Charlie up' }));
    expect(props.onReorder).toHaveBeenLastCalledWith(['r1', 'r3', 'r2']);
  });

  it('turns a policy off, and opens one to edit or delete', async () => {
    const { props, user } = list();
    await user.click(screen.getByRole('switch', { name: 'Enable Bravo' }));
    expect(props.onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 'r2' }), false);
    await user.click(screen.getByRole('button', { name: 'Edit Charlie' }));
    expect(props.onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 'r3' }));
    await user.click(screen.getByRole('button', { name: 'Delete Alpha' }));
    expect(props.onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 'r1' }));
  });

  it('holds the order and the switches while a write is on its way', () => {
    list({ busy: true });
    for (const name of ['Move Alpha down', 'Move Bravo up', 'Move Bravo down']) expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Drag Bravo' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Enable Alpha' })).toHaveProperty('disabled', true);
  });

  it('lets a reader see the order but change nothing', () => {
    list({ writer: false });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Enable Alpha' })).toHaveProperty('disabled', true);
  });

  it('keeps the default policy last, numbered after the policies, with nothing to move, edit or turn off', () => {
    list({ defaultPolicy: DROP_THE_REST });
    expect(rowNames()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Default — Drop']);
    const drop = within(screen.getByRole('row', { name: 'Default — Drop' }));
    expect(drop.getByText('4')).toBeTruthy();
    expect(drop.getByText('What no rule above passes')).toBeTruthy();
    expect(drop.getByText('Always on')).toBeTruthy();
    expect(drop.queryByRole('button')).toBeNull();
    expect(drop.queryByRole('switch')).toBeNull();
  });

  it('says so in a row of its own when there is no policy, above the default', () => {
    list({ policies: [], emptyText: 'Nothing passes yet.', defaultPolicy: DROP_THE_REST });
    expect(rowNames()).toEqual([null, 'Default — Drop']);
    expect(screen.getByText('Nothing passes yet.')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'Default — Drop' })).getByText('1')).toBeTruthy();
  });
});
