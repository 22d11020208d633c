import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ApiError } from '@/lib/http/api-error';
import { renderWithProviders } from '@/test/render';
import { PolicyCheckForm } from './policy-check-form';
import { RequesterFields, useRequester, type Requester } from './requester-fields';

function CheckTool({ onRun, error, result }: { onRun: (r: Requester) => void; error?: unknown; result?: string }) {
  const [requester, setRequester] = useRequester();
  const [pending] = useState(false);
  return (
    <PolicyCheckForm label="Check a rule" submitLabel="Check" onRun={() => onRun(requester)} pending={pending} error={error} result={result && <p>{result}</p>}>
      <RequesterFields
        label="Check for"
        kinds={['user', 'endpoint', 'anyone']}
        value={requester}
        onChange={setRequester}
        users={[{ email: 'Ana@Acme.test' }]}
        endpoints={[{ value: 'e1', label: 'ana-laptop (ana@acme.test)' }]}
        endpointNote={requester.endpoint && <span>Its configuration synced</span>}
      />
    </PolicyCheckForm>
  );
}

describe('policy check form', () => {
  it('asks for a user, an endpoint or anyone, and runs the check with the one chosen', async () => {
    const onRun = vi.fn();
    const { user } = renderWithProviders(<CheckTool onRun={onRun} />);
    await user.click(screen.getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: 'ana@acme.test' }));
    await user.click(screen.getByRole('radio', { name: 'Endpoint' }));
    expect(screen.queryByRole('combobox', { name: 'User' })).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Endpoint' }));
    await user.click(await screen.findByRole('option', { name: 'ana-laptop (ana@acme.test)' }));
    expect(screen.getByText('Its configuration synced')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(onRun).toHaveBeenCalledWith({ kind: 'endpoint', user: 'ana@acme.test', endpoint: 'e1' });

    await user.click(screen.getByRole('radio', { name: 'Anyone' }));
    expect(screen.queryByRole('combobox', { name: 'Endpoint' })).toBeNull();
  });

  it("shows the server's refusal, or the answer under the button", () => {
    const refused = new ApiError({ status: 400, code: 'invalid', detail: 'Unknown server' });
    const { unmount } = renderWithProviders(<CheckTool onRun={vi.fn()} error={refused} />);
    expect(screen.getByRole('alert').textContent).toBe('Unknown server');
    unmount();
    renderWithProviders(<CheckTool onRun={vi.fn()} result="Allowed by Sales CRM" />);
    expect(screen.getByText('Allowed by Sales CRM')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
