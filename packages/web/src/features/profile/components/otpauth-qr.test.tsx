import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { OtpauthQr } from './otpauth-qr';

describe('two-factor QR code', () => {
  it('draws the setup link as an image the authenticator app can scan', async () => {
    renderWithProviders(<OtpauthQr url="otpauth://totp/Netloom:ana%40acme.test?secret=JBSWY3DPEHPK3PXP&issuer=Netloom" />);
    const img = await screen.findByRole('img', { name: 'QR code of the two-factor setup link' });
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });
});
