import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Table } from '@mantine/core';
import { renderWithProviders } from '@/test/render';
import { ActionsHeader } from './data-table/actions-header';
import { TableFooter } from './data-table/table-footer';
import { PageHeader } from './page-header';
import { RoutedTabs } from './routed-tabs';

const TABS = [
  { route: 'routes', label: 'Routes' },
  { route: 'arp', label: 'ARP Table' },
  { route: 'dhcp', label: 'DHCP Leases' },
];

describe('the shared building blocks as assistive technology reads them', () => {
  it("makes the page's title its one h1", () => {
    renderWithProviders(<PageHeader title="Network Status" subtitle="Routes and neighbours" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Network Status' })).toBeDefined();
    expect(screen.getAllByRole('heading')).toHaveLength(1);
  });

  it("points every tab's aria-controls at a panel that exists, and shows only the open tab's content", () => {
    renderWithProviders(
      <RoutedTabs tabs={TABS} value="arp" onChange={() => {}}>
        <p>ARP entries</p>
      </RoutedTabs>,
    );
    for (const tab of screen.getAllByRole('tab')) {
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      expect(panel, `${tab.textContent} controls no element`).not.toBeNull();
      expect(panel!.getAttribute('role')).toBe('tabpanel');
    }
    const open = screen.getByRole('tabpanel', { name: 'ARP Table' });
    expect(open.textContent).toBe('ARP entries');
    expect(screen.getByRole('tab', { name: 'ARP Table' }).getAttribute('aria-selected')).toBe('true');
  });

  it('names every pagination button', () => {
    renderWithProviders(<TableFooter total={45} page={2} pages={5} pageSize={10} onPage={() => {}} onPageSize={() => {}} />);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    const buttons = Array.from(pager.querySelectorAll('button'));
    expect(buttons.length).toBe(7);
    for (const b of buttons) expect(b.getAttribute('aria-label') || b.textContent?.trim()).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('gives a column of row buttons a header a screen reader can read', () => {
    renderWithProviders(
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <ActionsHeader />
          </Table.Tr>
        </Table.Thead>
      </Table>,
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeDefined();
  });
});
