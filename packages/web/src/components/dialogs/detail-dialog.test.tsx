import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { DetailDialog } from './detail-dialog';

describe('DetailDialog', () => {
  it('shows the facts, allow/block as badges, and each list with its values', async () => {
    renderWithProviders(
      <DetailDialog
        opened
        onClose={() => {}}
        title="Web filter policy"
        detailsName="Policy details"
        topInfo={[
          { name: 'Name', value: 'Office hours', primary: true },
          { name: 'Action', value: 'allow', actionStatus: 'allow' },
          { name: 'Fallback', value: 'block', actionStatus: 'block' },
        ]}
        lists={[
          { name: 'Categories', value: ['Social', 'News'] },
          { name: 'Users', value: [] },
        ]}
      />,
    );
    expect(await screen.findByText('Web filter policy')).toBeTruthy();
    expect(screen.getByText('Office hours')).toBeTruthy();
    expect(screen.getByText('Allow')).toBeTruthy();
    expect(screen.getByText('Block')).toBeTruthy();
    expect(screen.getByText('Policy details')).toBeTruthy();
    const categories = screen.getByRole('list', { name: 'Categories' });
    expect(
      within(categories)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Social', 'News']);
    expect(screen.getByText('None')).toBeTruthy();
  });

  it('groups facts under section names when given sections', async () => {
    renderWithProviders(
      <DetailDialog
        opened
        onClose={() => {}}
        title="Device"
        topInfoSections={[
          { name: 'Identity', items: [{ name: 'Serial', value: 'NL-001' }] },
          { name: 'Network', items: [{ name: 'WAN IP', value: '203.0.113.7' }] },
        ]}
      />,
    );
    expect(await screen.findByText('Identity')).toBeTruthy();
    expect(screen.getByText('Network')).toBeTruthy();
    expect(screen.getByText('203.0.113.7')).toBeTruthy();
  });
});
