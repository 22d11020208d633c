import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { StatusIcon } from './status-icon';
import { STATUS_KINDS } from './status-kinds';

describe('status icon', () => {
  it('offers the 16 kinds of the spec', () => {
    expect([...STATUS_KINDS].sort()).toEqual(
      [
        'positive',
        'negative',
        'intermediate',
        'online',
        'offline',
        'connected',
        'tick',
        'wrong',
        'block',
        'applicable',
        'not_applicable',
        'arrow-in',
        'arrow-out',
        'enabled',
        'disabled',
        'registered',
      ].sort(),
    );
  });

  it.each([
    ['tick', 'Accept'],
    ['wrong', 'Deny'],
    ['block', 'Reject'],
  ] as const)('shows "%s" with the tooltip %s when hovered', async (kind, text) => {
    const { user } = renderWithProviders(<StatusIcon kind={kind} />);
    const icon = screen.getByRole('img', { name: text });
    await user.hover(icon);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', text);
    await user.unhover(screen.getByRole('img', { name: text }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('lets the host replace the tooltip and names the other kinds readably', () => {
    renderWithProviders(
      <>
        <StatusIcon kind="tick" tooltip="Allowed by policy" />
        <StatusIcon kind="not_applicable" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Allowed by policy' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Accept' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Not Applicable' })).toBeTruthy();
  });
});
