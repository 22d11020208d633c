import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { ConfigDocument } from '@netloom/domain';
import { renderWithProviders } from '@/test/render';
import { qosPage } from '@/features/device-config/families/qos';
import { ItemForm } from './item-form';
import type { FamilyTab } from './types';

const shaping = qosPage.tabs.find((t) => t.route === 'qos_interface') as FamilyTab;
const document = { interfaces: { lan: [], wan: [{ name: 'wan1', mode: 'dhcp' }], vlans: [] } } as unknown as ConfigDocument;

describe("a template's number field", () => {
  it("takes a {{variable}} or digits, sent as the variable's text or as a number", async () => {
    const onSubmit = vi.fn(async () => undefined);
    const item = { interface: 'wan1', upload_kbps: '{{up_kbps}}', download_kbps: 100_000, enabled: true };
    const { user } = renderWithProviders(<ItemForm tab={shaping} item={item} mode="edit" document={document} allowVariables onSubmit={onSubmit} />);
    const upload = screen.getByLabelText(/^Upload/) as HTMLInputElement;
    expect(upload.value).toBe('{{up_kbps}}');
    expect(screen.getAllByText('A number or a {{variable}}').length).toBeGreaterThan(0);
    const download = screen.getByLabelText(/^Download/);
    await user.clear(download);
    await user.type(download, '{{{{down_kbps}}');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenLastCalledWith({ interface: 'wan1', upload_kbps: '{{up_kbps}}', download_kbps: '{{down_kbps}}', enabled: true }),
    );
    await user.clear(download);
    await user.type(download, '50000');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith({ interface: 'wan1', upload_kbps: '{{up_kbps}}', download_kbps: 50_000, enabled: true }));
  });

  it("stays a number input on a device's own form", () => {
    const item = { interface: 'wan1', upload_kbps: 20_000, download_kbps: 100_000, enabled: true };
    renderWithProviders(<ItemForm tab={shaping} item={item} mode="edit" document={document} onSubmit={vi.fn()} />);
    expect(screen.queryByText('A number or a {{variable}}')).toBeNull();
    expect((screen.getByLabelText(/^Upload/) as HTMLInputElement).value).toBe('20000');
  });
});
