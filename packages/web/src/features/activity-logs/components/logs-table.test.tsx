import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { LogEntry } from '@netloom/domain';
import { renderWithProviders } from '@/test/render';
import { LogsTable } from './logs-table';

const page = (n: number): LogEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    time: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    user: `user${i}@acme.test`,
    action: 'Logged in',
    target: null,
    ip: '10.0.0.1',
    user_agent: null,
    via_super_admin: false,
    details: {},
  }));

describe('logs table', () => {
  it('shows the whole server page with no pager of its own (the logs page has the one pager)', () => {
    renderWithProviders(<LogsTable rows={page(25)} loading={false} timezone="UTC" />);
    expect(screen.getAllByRole('row').slice(1)).toHaveLength(25);
    expect(screen.queryByRole('combobox', { name: 'Rows per page' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });
});
