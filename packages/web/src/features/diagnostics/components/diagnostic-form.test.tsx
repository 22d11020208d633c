import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { DiagnosticParams } from '@netloom/domain';
import { ApiError } from '@/lib/http/api-error';
import { renderWithProviders } from '@/test/render';
import { DiagnosticForm } from './diagnostic-form';

const renderForm = (kind: DiagnosticParams['kind'], onStart = vi.fn(async () => undefined)) => ({
  onStart,
  ...renderWithProviders(<DiagnosticForm kind={kind} interfaces={['lan1', 'wan1']} peers={[]} running={false} onStart={onStart} />),
});

describe('a diagnostic form', () => {
  it('sends a ping with its defaults and what was typed, leaving out the interface not chosen', async () => {
    const { user, onStart } = renderForm('ping');
    await user.type(screen.getByLabelText(/Host/), 'example.com');
    const count = screen.getByLabelText('Count');
    await user.clear(count);
    await user.type(count, '10');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(onStart).toHaveBeenCalledWith({ kind: 'ping', host: 'example.com', count: 10, interval_s: 1, size: 56 });
  });

  it('refuses a capture filter outside the grammar before sending anything', async () => {
    const { user, onStart } = renderForm('capture');
    await user.type(screen.getByRole('combobox', { name: /Interface/ }), 'wan1');
    await user.type(screen.getByLabelText('Filter'), 'tcp && rm -rf /');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText(/Not a valid capture filter: '&&' is not part of the filter grammar/)).toBeTruthy();
    expect(onStart).not.toHaveBeenCalled();
  });

  it('shows the server’s own words for a refused field', async () => {
    const refused = new ApiError({ status: 400, code: 'invalid', detail: 'Invalid input.', errors: { resolver: ['Not reachable from this gateway'] } });
    const onStart = vi.fn(async () => Promise.reject(refused));
    const { user } = renderForm('dns', onStart);
    await user.type(screen.getByLabelText(/Name/), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(onStart).toHaveBeenCalledWith({ kind: 'dns', name: 'example.com', record_type: 'A' });
    expect(await screen.findByText('Not reachable from this gateway')).toBeTruthy();
    expect(screen.getByText('Invalid input.')).toBeTruthy();
  });
});
