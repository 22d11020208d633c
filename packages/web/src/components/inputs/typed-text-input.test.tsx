import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { TypedTextInput, type TypedTextInputProps } from './typed-text-input';

function Harness(props: Partial<TypedTextInputProps>) {
  const [value, setValue] = useState('');
  return <TypedTextInput type="ip" label="Address" value={value} onChange={setValue} {...props} />;
}

const input = () => screen.getByLabelText(/Address/) as HTMLInputElement;

describe('TypedTextInput', () => {
  it.each([
    ['ip', '10.0.0.300', "Should be in the format 'x.x.x.x'"],
    ['subnet', '10.0.0.0/33', "Format 'x.x.x.x/y',where x is in the range 0-255 and y in the range 1-32"],
    ['ip-fqdn', 'bad..host', 'Enter IP or Subnet or FQDN format'],
    ['port', '65536', 'Port should be within 1-65535'],
  ] as const)('shows the exact %s message once the user leaves the field', async (type, bad, message) => {
    const { user } = renderWithProviders(<Harness type={type} />);
    await user.type(input(), bad);
    expect(screen.queryByText(message)).toBeNull();
    await user.tab();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('clears the message as soon as the value becomes valid', async () => {
    const { user } = renderWithProviders(<Harness type="port" />);
    await user.type(input(), '0');
    await user.tab();
    expect(screen.getByText('Port should be within 1-65535')).toBeTruthy();
    await user.type(input(), '{Backspace}443');
    expect(screen.queryByText('Port should be within 1-65535')).toBeNull();
  });

  it('lets an optional empty value pass and asks for a required one', async () => {
    const { user, unmount } = renderWithProviders(<Harness type="ip" />);
    await user.click(input());
    await user.tab();
    expect(screen.queryByText('Field is required')).toBeNull();
    unmount();

    const second = renderWithProviders(<Harness type="required" />);
    await second.user.click(input());
    await second.user.tab();
    expect(screen.getByText('Field is required')).toBeTruthy();
  });

  it('uses the default placeholders {ip} and {ip}/0', () => {
    const { unmount } = renderWithProviders(<Harness type="ip" />);
    expect(input().placeholder).toBe('{ip}');
    unmount();
    renderWithProviders(<Harness type="subnet" />);
    expect(input().placeholder).toBe('{ip}/0');
  });

  it('lets only digits into a number input, typed or pasted', async () => {
    const { user } = renderWithProviders(<Harness type="number" />);
    await user.type(input(), '1a2-3.{ArrowLeft}4');
    expect(input().value).toBe('1243');
    fireEvent.paste(input(), { clipboardData: { getData: () => '12e5' } });
    expect(input().value).toBe('1243');
  });

  it("refuses % & ( and ' when special characters are filtered", async () => {
    const { user } = renderWithProviders(<Harness type="text" noSpecialChars />);
    await user.type(input(), "a%b&c(d'e)f");
    expect(input().value).toBe('abcde)f');
  });

  it('hides the password until the visibility toggle is pressed', async () => {
    const { user } = renderWithProviders(<Harness type="password" />);
    await user.type(input(), 's3cret');
    expect(input().type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Toggle password visibility' }));
    expect(input().type).toBe('text');
    expect(input().value).toBe('s3cret');
  });
});
