import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Button } from '@mantine/core';
import { renderWithProviders } from '@/test/render';
import { confirm, confirmModify } from './confirm';

function Harness({ ask }: { ask: () => Promise<boolean> }) {
  return (
    <Button
      onClick={() => {
        void ask().then((answer) => {
          document.title = `answer:${answer}`;
        });
      }}
    >
      Ask
    </Button>
  );
}

const answer = () => waitFor(() => expect(document.title).toMatch(/^answer:/)).then(() => document.title);

describe('confirm', () => {
  it('resolves true on Yes', async () => {
    document.title = '';
    const { user } = renderWithProviders(<Harness ask={() => confirm({ title: 'Delete rule', message: 'Delete this rule?' })} />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Delete this rule?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await answer()).toBe('answer:true');
  });

  it('resolves false on No and when dismissed with Escape', async () => {
    document.title = '';
    const { user } = renderWithProviders(<Harness ask={() => confirm({ title: 'Delete rule' })} />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    expect(await answer()).toBe('answer:false');

    document.title = '';
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('button', { name: 'Yes' });
    await user.keyboard('{Escape}');
    expect(await answer()).toBe('answer:false');
  });

  it("words the modify question as the spec does, with 'Yes, Modify it!'", async () => {
    document.title = '';
    const { user } = renderWithProviders(<Harness ask={confirmModify} />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('are you sure to modify this?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, Modify it!' }));
    expect(await answer()).toBe('answer:true');
  });
});
