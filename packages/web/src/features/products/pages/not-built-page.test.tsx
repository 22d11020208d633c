import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { NOT_BUILT, NotBuiltPage } from './not-built-page';

describe('a page not built yet', () => {
  it('says so, names the page and what will come, and offers nothing to create', () => {
    renderWithProviders(<NotBuiltPage product="sdwan" page={NOT_BUILT.configure} />);
    expect(screen.getByRole('heading', { name: 'Device Configuration' })).toBeTruthy();
    expect(screen.getByText('Device Configuration is not built yet')).toBeTruthy();
    expect(screen.getByText(/Coming here: Link bonding, .*diagnostics/)).toBeTruthy();
    expect(screen.queryByText(/Create your First/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
