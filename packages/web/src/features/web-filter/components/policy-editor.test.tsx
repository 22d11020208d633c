import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderEditor, signedInAs } from '@/test/query-wrapper';
import { ALL_CATEGORIES_LABEL } from './category-select';
import { fakeWebFilterApi, policy, SALES, TENANT } from './fake-web-filter-api';
import { PolicyEditor } from './policy-editor';

const open = (props: { policy?: Parameters<typeof PolicyEditor>[0]['policy'] } = {}) => renderEditor(PolicyEditor, props);

describe('policy editor', { timeout: 30_000 }, () => {
  signedInAs('admin');

  it("says what is missing with the server's messages and sends nothing", async () => {
    const api = fakeWebFilterApi();
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Field is required')).toBeTruthy();
    expect(screen.getByText('Choose who the policy applies to')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('sends the policy: name, group, every category through *, a blocked URL and a blocked IP range', async () => {
    const created = policy('9d0c0000-0000-4000-8000-000000000001', 'No social', 1);
    const api = fakeWebFilterApi({ answer: (c) => (c.method === 'POST' ? jsonResponse(201, created) : undefined) });
    const { user, onDone } = open();
    await user.type(screen.getByRole('textbox', { name: 'Policy name' }), 'No social');
    await user.click(screen.getByRole('combobox', { name: 'Groups' }));
    await user.click(await screen.findByRole('option', { name: 'Sales' }));

    // '*' chooses every category; while it is chosen the single ones wait.
    await user.click(screen.getByRole('combobox', { name: 'Categories' }));
    await user.click(await screen.findByRole('option', { name: ALL_CATEGORIES_LABEL }));
    expect(screen.getByRole('option', { name: 'Gambling' }).getAttribute('data-combobox-disabled')).toBe('true');

    await user.type(screen.getByRole('textbox', { name: 'Blocked URLs' }), 'facebook.com{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Blocked IPs' }), '10.0.0.5-10.0.0.9{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [post] = api.writes();
    expect(post!.path).toBe('tenant/config/webfilter-policy/');
    expect(post!.query.get('tenant_id')).toBe(TENANT);
    expect(post!.body).toMatchObject({
      name: 'No social',
      enabled: true,
      action: 'block',
      applies_to: { everyone: false, users: [], groups: [SALES], endpoints: [], device_groups: [] },
      blocked_categories: ['*'],
      blocked_urls: ['facebook.com'],
      blocked_ips: ['10.0.0.5-10.0.0.9'],
      schedule: null,
    });
  });

  it("taking '*' away clears every category; choosing single ones keeps just those", async () => {
    const saved = policy('9d0c0000-0000-4000-8000-000000000002', 'All', 1, { blocked_categories: ['*'] });
    const api = fakeWebFilterApi({ answer: (c) => (c.method === 'PUT' ? jsonResponse(200, saved) : undefined) });
    const { user } = open({ policy: saved });
    await user.click(screen.getByRole('combobox', { name: 'Categories' }));
    const all = await screen.findByRole('option', { name: ALL_CATEGORIES_LABEL });
    expect(all.getAttribute('aria-selected')).toBe('true');
    await user.click(all);
    expect(all.getAttribute('aria-selected')).toBe('false');
    await user.click(screen.getByRole('option', { name: 'News' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const [put] = api.writes();
    expect(put!.method).toBe('PUT');
    expect(put!.path).toBe('tenant/config/webfilter-policy/9d0c0000-0000-4000-8000-000000000002/');
    expect(put!.body).toMatchObject({ blocked_categories: ['news'], order: 1 });
  });

  it('refuses an invalid URL at the chip, and shows the server field error at its field', async () => {
    fakeWebFilterApi({
      answer: (c) =>
        c.method === 'POST'
          ? jsonResponse(400, { detail: 'Invalid input', code: 'invalid', errors: { name: ['A policy with this name already exists'] } })
          : undefined,
    });
    const { user } = open();
    await user.type(screen.getByRole('textbox', { name: 'Blocked URLs' }), 'not a url{Enter}');
    expect(screen.getByText('Enter correct URL')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Policy name' }), 'Twice');
    await user.click(screen.getByRole('checkbox', { name: /Everyone/ }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('A policy with this name already exists')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Policy name' }).getAttribute('aria-invalid')).toBe('true');
  });
});
