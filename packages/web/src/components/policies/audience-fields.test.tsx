import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { AudienceFields } from './audience-fields';

interface Who {
  everyone: boolean;
  users: string[];
  teams: string[];
}

function Harness({ start }: { start: Who }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <AudienceFields
        value={value}
        onChange={setValue}
        columns={2}
        error="Choose who the rule is for"
        lists={[
          { field: 'users', label: 'Users', options: [{ value: 'ana@acme.test', label: 'ana@acme.test' }] },
          { field: 'teams', label: 'Teams', options: [{ value: 't1', label: 'Sales' }], removed: () => 'Removed team' },
        ]}
      />
      <output>{JSON.stringify(value)}</output>
    </>
  );
}

describe('audience fields', () => {
  it('picks from each list, keeps a removed choice visible by its own name, and hides the lists for everyone', async () => {
    const { user } = renderWithProviders(<Harness start={{ everyone: false, users: [], teams: ['gone'] }} />);
    expect(screen.getByRole('alert').textContent).toBe('Choose who the rule is for');
    expect(screen.getAllByText('Removed team').length).toBeGreaterThan(0);
    expect(screen.queryByText('gone')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Users' }));
    await user.click(await screen.findByRole('option', { name: 'ana@acme.test' }));
    expect(JSON.parse(screen.getByRole('status').textContent!)).toEqual({ everyone: false, users: ['ana@acme.test'], teams: ['gone'] });

    await user.click(screen.getByRole('checkbox', { name: /Everyone/ }));
    expect(screen.queryByRole('combobox', { name: 'Users' })).toBeNull();
    expect(JSON.parse(screen.getByRole('status').textContent!).everyone).toBe(true);
  });
});
