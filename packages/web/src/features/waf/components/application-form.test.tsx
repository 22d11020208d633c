import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { signedInAs } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { ApplicationForm } from './application-form';
import { application, edge, EDGE_ID } from './fake-waf-api';

const open = (app: Parameters<typeof ApplicationForm>[0]['application'] = null) => {
  const onSave = vi.fn(async () => undefined);
  return { onSave, ...renderWithProviders(<ApplicationForm application={app} edges={[edge]} onSave={onSave} onCancel={() => undefined} />) };
};

describe('onboarding form', { timeout: 30_000 }, () => {
  signedInAs('editor');

  it('says what is missing and sends nothing', async () => {
    const { user, onSave } = open();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findAllByText(/./, { selector: '.mantine-InputWrapper-error' })).not.toHaveLength(0);
    expect(screen.getByText('Should be http(s)://host[:port]')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a domain that is not one, and sends the application with its origins, edge and TLS', async () => {
    const { user, onSave } = open();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'shop');
    await user.type(screen.getByRole('textbox', { name: /^Domains/ }), 'not a domain{Enter}');
    expect(await screen.findByText('Should be a domain name (www.example.com or *.example.com)')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: /^Domains/ }));
    await user.type(screen.getByRole('textbox', { name: /^Domains/ }), 'shop.example.com{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Origin 1 URL' }), 'http://10.0.0.5:8080');
    await user.click(screen.getByRole('button', { name: 'Add origin' }));
    await user.type(screen.getByRole('textbox', { name: 'Origin 2 URL' }), 'http://10.0.0.6:8080');
    await user.click(screen.getByRole('radio', { name: 'Self-signed (lab)' }));
    await user.click(screen.getByRole('combobox', { name: 'Edges' }));
    await user.click(await screen.findByRole('option', { name: 'pop-fra (shared POP)' }));
    await user.click(screen.getByRole('switch', { name: /API application/ }));
    await user.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith({
      name: 'shop',
      domains: ['shop.example.com'],
      origins: [
        { url: 'http://10.0.0.5:8080', weight: 1 },
        { url: 'http://10.0.0.6:8080', weight: 1 },
      ],
      health_check: { path: '/', interval_s: 30 },
      tls_mode: 'self_signed',
      edge_ids: [EDGE_ID],
      api: true,
    });
  });

  it('asks for the certificate and its key together on an upload', async () => {
    const { user, onSave } = open(application());
    await user.click(screen.getByRole('radio', { name: 'Upload certificate' }));
    await user.click(screen.getByRole('textbox', { name: 'Certificate (PEM)' }));
    await user.paste('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Upload the certificate and its key together')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });
});
