import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse } from '@/test/query-wrapper';
import { asEditorOnFamilyPages, GW, renderPage, sent, server, state } from '@/test/family-page';
import { userMappingPage } from './user-mapping';

describe('the user mapping page', () => {
  asEditorOnFamilyPages();

  it('turns on RADIUS accounting from nothing: refused without its secret, saved with it typed in a password field', async () => {
    const fetchMock = server({ user_mapping: undefined });
    const { user } = renderPage(userMappingPage);
    expect(screen.getByRole('link', { name: 'Users behind LAN addresses' }).getAttribute('href')).toBe(`/sdwan/device/status/network/usermapping?device=${GW}`);
    await user.click(await screen.findByRole('switch', { name: 'RADIUS accounting' }));
    await user.type(screen.getByPlaceholderText('192.168.1.0/24'), '192.168.1.0/24{enter}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('RADIUS accounting needs the shared secret')).toBeTruthy();
    expect(sent(fetchMock)).toBeNull();

    const secret = screen.getByLabelText('RADIUS shared secret');
    expect(secret.getAttribute('type')).toBe('password');
    await user.type(secret, 'r4dius-s3cret');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Sources edited successfully')).toBeTruthy();
    expect(sent(fetchMock)?.section).toEqual({
      enabled: true,
      static_entries: [],
      radius: { enabled: true, port: 1813, secret: 'r4dius-s3cret', clients: ['192.168.1.0/24'] },
      ztna_identity: true,
      dhcp_hostnames: false,
      timeout_min: 480,
    });
  });

  it('adds a static entry, refusing a user name with a space first', async () => {
    const section = {
      enabled: true,
      static_entries: [],
      radius: { enabled: false, port: 1813, secret: '', clients: [] },
      ztna_identity: true,
      dhcp_hostnames: false,
      timeout_min: 480,
    };
    const fetchMock = server({ user_mapping: section }, (body) => jsonResponse(200, state({ user_mapping: body.section })));
    const { user } = renderPage(userMappingPage);
    await user.click(await screen.findByRole('tab', { name: 'Static entries' }));
    await user.click(await screen.findByRole('button', { name: 'Add static entry' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Address/), '192.168.1.20');
    await user.type(within(dialog).getByLabelText(/^User/), 'Asha Rao');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(/^An email or an account name/)).toBeTruthy();
    expect(sent(fetchMock)).toBeNull();
    await user.clear(within(dialog).getByLabelText(/^User/));
    await user.type(within(dialog).getByLabelText(/^User/), 'OFFICE\\asha');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Static entry added successfully')).toBeTruthy();
    expect(sent(fetchMock)?.section.static_entries).toEqual([{ id: expect.any(String), address: '192.168.1.20', user: 'OFFICE\\asha' }]);
  });
});
