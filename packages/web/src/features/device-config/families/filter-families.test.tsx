import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { asEditorOnFamilyPages, GW, renderPage, sent, server } from '@/test/family-page';
import { contentFilterPage } from './content-filter';
import { urlFilterPage } from './url-filter';

const chipInput = async (label: RegExp) => (await screen.findAllByLabelText(label)).find((e) => e.tagName === 'INPUT')!;

describe('the Content Filtering and URL Filtering pages', () => {
  asEditorOnFamilyPages();

  it('gives a category of the database an action, and links to the hits on URL filter status', async () => {
    const fetchMock = server({ content_filter: { categories: [], blocked_urls: [], allowed_urls: [] } });
    const { user } = renderPage(contentFilterPage);
    expect(screen.getByRole('link', { name: 'Categories and their hits' }).getAttribute('href')).toBe(
      `/sdwan/device/status/url-ops/urlfilterstatus?device=${GW}`,
    );
    await user.click(await screen.findByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /^Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Social Networking' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Action/ }));
    await user.click(await screen.findByRole('option', { name: 'Monitor (allow and log)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Category added successfully')).toBeTruthy();
    expect(sent(fetchMock)).toEqual({
      url: expect.stringContaining(`/device/config/${GW}/sections/content_filter/`),
      section: { categories: [{ category: 'social-networking', action: 'monitor' }], blocked_urls: [], allowed_urls: [] },
    });
  });

  it('refuses a URL both blocked and allowed at the allowed one, then saves the lists', async () => {
    const categories = [{ category: 'gambling', action: 'block' }];
    const fetchMock = server({ content_filter: { categories, blocked_urls: ['example.com'], allowed_urls: [] } });
    const { user } = renderPage(contentFilterPage);
    expect(await screen.findByText(/a blocked URL is blocked even in an allowed category/)).toBeTruthy();
    await user.click(await screen.findByRole('tab', { name: 'Blocked and allowed URLs' }));
    const allowed = await chipInput(/^Allowed URLs/);
    await user.type(allowed, 'https://example.com/{enter}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Also on the blocked URLs: keep it on one list')).toBeTruthy();
    expect(sent(fetchMock)).toBeNull();
    // Backspace in the empty input takes the last line off.
    await user.type(allowed, '{backspace}www.example.com/help{enter}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Blocked and allowed URLs edited successfully')).toBeTruthy();
    expect(sent(fetchMock)?.section).toEqual({ categories, blocked_urls: ['example.com'], allowed_urls: ['www.example.com/help'] });
  });

  it('filters a LAN with an exempt subnet, refusing an exempt address inside it', async () => {
    const fetchMock = server({ url_filter: undefined });
    const { user } = renderPage(urlFilterPage);
    expect(screen.getByRole('link', { name: 'Sites visited and blocked' }).getAttribute('href')).toBe(`/sdwan/device/status/url-ops/urltracking?device=${GW}`);
    await user.type(await chipInput(/^LAN interfaces and VLANs/), 'lan1{enter}');
    const exempt = screen.getByPlaceholderText('x.x.x.x or x.x.x.x/y');
    await user.type(exempt, '192.168.1.0/28{enter}192.168.1.9{enter}');
    await user.click(screen.getByLabelText(/Enforce SafeSearch/));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Overlaps 192.168.1.0/28')).toBeTruthy();
    expect(sent(fetchMock)).toBeNull();
    await user.type(exempt, '{backspace}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('URL filtering edited successfully')).toBeTruthy();
    expect(sent(fetchMock)?.section).toEqual({
      enabled: true,
      interfaces: ['lan1'],
      exempt_clients: ['192.168.1.0/28'],
      safesearch: true,
      block_page_message: '',
      log_allowed: false,
    });
  });
});
