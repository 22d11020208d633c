import type { ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { FieldAlert } from '@/components/field-alert';
import { formErrorMessage } from '@/lib/forms';

export interface PolicyCheckFormProps {
  /** The form's accessible name ('Test a URL'). */
  label: string;
  submitLabel: string;
  onRun: () => void;
  pending: boolean;
  /** The server's refusal of the last check, if it refused. */
  error: unknown;
  /** The answer of the last check, shown under the button once it is in. */
  result: ReactNode;
  /** What the check asks: the requester and what it wants to reach. */
  children: ReactNode;
}

/** An explain tool's form: what to check, the button, then the server's refusal or its answer. */
export function PolicyCheckForm({ label, submitLabel, onRun, pending, error, result, children }: PolicyCheckFormProps) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onRun();
      }}
      noValidate
      aria-label={label}
    >
      <Stack gap="sm">
        {children}
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
        <FieldAlert message={error ? formErrorMessage(error) : null} />
        {!pending && result}
      </Stack>
    </form>
  );
}
