import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { fakeApi } from '@/test/fake-api';
import { sessionStore } from '@/lib/session/session-store';
import { AssistantPanel } from './components/assistant-panel';

const TID = '22222222-2222-4222-8222-222222222222';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const payload = { name: 'Block Gambling', action: 'block', applies_to: { everyone: true }, blocked_categories: ['gambling'] };

describe('the assistant', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('asks what to create, shows the draft before making it, makes it through the policy API, then offers to continue', async () => {
    signIn('editor', { tenantId: TID });
    const api = fakeApi({
      'POST assistant/': (call) =>
        (call.body as { prompt: string }).prompt === 'block gambling'
          ? json({
              text: 'Who should the policy apply to: everyone, or which groups?',
              final_payload: null,
              validation_errors: [],
              summary: [],
              engine: 'built-in',
              draft_id: null,
            })
          : json({
              text: 'Here is the web-filter policy I will create. Check it, then confirm.',
              final_payload: payload,
              validation_errors: [],
              summary: ['Block: Gambling', 'For: everyone', 'When: always'],
              engine: 'built-in',
              draft_id: 'd1',
            }),
      'POST tenant/config/webfilter-policy/': () => json({ id: 'p1', order: 1, ...payload }, 201),
    });
    const { user } = renderWithProviders(withQueryClient(<AssistantPanel tid={TID} onClose={() => undefined} />));
    const panel = screen.getByRole('dialog', { name: 'Assistant' });
    const input = within(panel).getByRole('textbox', { name: 'Describe your request' });
    expect(input).toHaveProperty('disabled', true);

    await user.click(within(panel).getByRole('button', { name: 'Create WebFilter' }));
    expect(within(panel).getByText('Please describe your request')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'block gambling' } });
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(await within(panel).findByText('Who should the policy apply to: everyone, or which groups?')).toBeTruthy();
    expect(api.writes()[0]!.body).toEqual({ prompt: 'block gambling', agent_type: 'webfilter', tenant_id: TID });

    fireEvent.change(input, { target: { value: 'block gambling for everyone' } });
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    const draft = await within(panel).findByTestId('assistant-draft');
    expect(within(draft).getByText('For: everyone')).toBeTruthy();
    expect(within(draft).queryByText(/Drafted by the language model/)).toBeNull();
    // Nothing is made before the admin confirms.
    expect(api.writes().filter((w) => w.path.includes('webfilter-policy'))).toHaveLength(0);

    await user.click(within(draft).getByRole('button', { name: 'Create' }));
    expect(await within(panel).findByText('The web-filter policy was created successfully.')).toBeTruthy();
    expect(within(panel).getByText('Do you want to continue?')).toBeTruthy();
    expect(api.writes().at(-1)!.body).toEqual(payload);
    expect(api.writes().at(-1)!.query.get('tenant_id')).toBe(TID);
    expect(api.writes().at(-1)!.headers.get('x-assistant-draft')).toBe('d1');
    expect(input).toHaveProperty('disabled', true);
    expect(within(panel).getByRole('button', { name: 'Create MZA Profile' })).toBeTruthy();
  });

  it('says when a language model drafted what it shows', async () => {
    signIn('editor', { tenantId: TID });
    fakeApi({
      'POST assistant/': () =>
        json({
          text: 'Here is the web-filter policy I will create. Check it, then confirm.',
          final_payload: payload,
          validation_errors: [],
          summary: ['Block: Gambling', 'For: everyone', 'When: always'],
          engine: 'model',
          draft_id: 'd2',
        }),
    });
    const { user } = renderWithProviders(withQueryClient(<AssistantPanel tid={TID} onClose={() => undefined} />));
    const panel = screen.getByRole('dialog', { name: 'Assistant' });
    await user.click(within(panel).getByRole('button', { name: 'Create WebFilter' }));
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Describe your request' }), { target: { value: 'no betting for anyone' } });
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    const draft = await within(panel).findByTestId('assistant-draft');
    expect(within(draft).getByText('Drafted by the language model and checked like a form: read it before you create it.')).toBeTruthy();
    expect(within(draft).getByRole('button', { name: 'Create' })).toBeTruthy();
  });
});
