import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { fakeApi } from '@/test/fake-api';
import { VisitorPagesRoute } from './visitor-pages-route';

describe('the visitor pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('let a visitor of the free trial ask the provider a question, which says where it came from', async () => {
    const api = fakeApi({
      'POST user-queries/': () =>
        new Response(JSON.stringify({ id: crypto.randomUUID(), status: 'new' }), { status: 201, headers: { 'Content-Type': 'application/json' } }),
    });
    const router = createMemoryRouter([{ path: '/auth', element: <VisitorPagesRoute />, children: [{ path: 'free-trial', element: <h1>Free trial</h1> }] }], {
      initialEntries: ['/auth/free-trial'],
    });
    const { user } = renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Free trial' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Have a question?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact Support' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Grace Hopper' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), { target: { value: 'grace@example.com' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), { target: { value: 'Trial length' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: 'Can the trial last 60 days?' } });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Question sent')).toBeTruthy();
    expect(api.writes()[0]!.body).toMatchObject({ source: 'free-trial', subject: 'Trial length' });
  });
});
