import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { TextInput } from '@mantine/core';
import { z } from 'zod';
import { ApiError } from '@/lib/http/api-error';
import { fieldError } from '@/lib/forms';
import { renderWithProviders } from '@/test/render';
import { PolicyEditorFrame, PolicyEditorSection, type PolicyActionChoice } from './policy-editor-frame';
import { rule, type Rule } from './test-rules';
import { usePolicyForm } from './use-policy-form';

const ruleSchema = z.object({
  name: z.string().min(1, 'Field is required'),
  description: z.string(),
  enabled: z.boolean(),
  action: z.enum(['pass', 'drop']),
  hosts: z.array(z.string()).min(1, 'Name at least one host'),
  order: z.number().optional(),
});

const ACTIONS: PolicyActionChoice<Rule['action']>[] = [
  { value: 'pass', label: 'Pass', hint: 'Matching traffic goes through.', color: 'green' },
  { value: 'drop', label: 'Drop', hint: 'Matching traffic is dropped.', color: 'red' },
];

const emptyRule = () => ({ name: '', description: '', enabled: true, action: 'pass' as const, hosts: [] });

/** A third policy type's editor, built as a new policy page would build its own. */
function RuleEditor({
  policy,
  save,
  onDone,
}: {
  policy?: Rule;
  save: (c: { id?: string; policy: z.infer<typeof ruleSchema> }) => Promise<unknown>;
  onDone: () => void;
}) {
  const form = usePolicyForm({ policy, empty: emptyRule, schema: ruleSchema, save, onDone });
  return (
    <PolicyEditorFrame
      label={policy ? 'Edit rule' : 'Create rule'}
      values={form.values}
      onChange={form.patch}
      actions={ACTIONS}
      errors={form.errors}
      formError={form.formError}
      busy={form.busy}
      editing={policy !== undefined}
      onSubmit={() => void form.submit(form.values)}
      onCancel={onDone}
      onReset={form.reset}
    >
      <PolicyEditorSection title="Hosts">
        <TextInput
          label="Hosts"
          value={form.values.hosts.join(',')}
          error={fieldError(form.errors, 'hosts')}
          onChange={(e) => form.patch({ hosts: e.currentTarget.value.split(',').filter(Boolean) })}
        />
      </PolicyEditorSection>
    </PolicyEditorFrame>
  );
}

function open(policy?: Rule, save = vi.fn(async () => undefined)) {
  const onDone = vi.fn();
  return { save, onDone, ...renderWithProviders(<RuleEditor policy={policy} save={save} onDone={onDone} />) };
}

describe('policy editor frame', () => {
  it('asks the name, description, enabled and action first, then the policy’s own conditions under their heading', async () => {
    const { user } = open();
    expect(screen.getByRole('form', { name: 'Create rule' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Policy name' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Enabled' })).toHaveProperty('checked', true);
    expect(screen.getByRole('heading', { name: 'Hosts' })).toBeTruthy();
    expect(screen.getByText('Matching traffic goes through.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Drop' }));
    expect(screen.getByText('Matching traffic is dropped.')).toBeTruthy();
  });

  it('checks with the schema before sending anything, then sends a new policy and closes', async () => {
    const { save, onDone, user } = open();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Field is required')).toBeTruthy();
    expect(screen.getByText('Name at least one host')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Policy name' }), 'Lab');
    await user.type(screen.getByRole('textbox', { name: 'Hosts' }), 'lab.example');
    await user.click(screen.getByRole('switch', { name: 'Enabled' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith({ id: undefined, policy: { name: 'Lab', description: '', enabled: false, action: 'pass', hosts: ['lab.example'] } });
    expect(await screen.findByText('Policy added successfully')).toBeTruthy();
  });

  it('keeps an edited policy in its place, and Reset puts back what it started from once confirmed', async () => {
    const { save, user } = open(rule('r2', 'Bravo', 2, { hosts: ['a.example'] }));
    const name = screen.getByRole('textbox', { name: 'Policy name' });
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Policy name' })).toHaveProperty('value', 'Bravo'));

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ id: 'r2', policy: expect.objectContaining({ name: 'Bravo', order: 2 }) }));
  });

  it("shows the server's refusal above the buttons and its field message at the field", async () => {
    const refusal = new ApiError({ status: 400, code: 'invalid', detail: 'Invalid input', errors: { name: ['A rule with this name already exists'] } });
    const { onDone, user } = open(
      rule('r1', 'Alpha', 1, { hosts: ['a.example'] }),
      vi.fn(() => Promise.reject(refusal)),
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('A rule with this name already exists')).toBeTruthy();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Invalid input');
    expect(onDone).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalled();
  });
});
