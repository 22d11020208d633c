import { useState } from 'react';
import { FileInput, Stack, Textarea } from '@mantine/core';
import { wafApiDocumentInputSchema } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { FieldAlert } from '@/components/field-alert';
import { fieldError } from '@/lib/forms';
import { useFormSubmit } from '@/lib/use-form-submit';

/** An application's OpenAPI document, pasted or read from a file (JSON or YAML). */
export function ApiDocumentForm({
  application,
  onSave,
  onCancel,
}: {
  application: string;
  onSave: (input: { document: string }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  const { errors, formError, busy, submit } = useFormSubmit(wafApiDocumentInputSchema, onSave);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ document: text });
      }}
    >
      <ModalHeader title={`OpenAPI document of ${application}`} onClose={onCancel} loading={busy} />
      <Stack gap="sm">
        <Textarea
          label="Document"
          description="OpenAPI 3.0 or 3.1, JSON or YAML; references to other files or URLs are not followed"
          autosize
          minRows={6}
          maxRows={16}
          ff="monospace"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={fieldError(errors, 'document')}
        />
        <FileInput label="…or a file" accept=".json,.yaml,.yml" clearable onChange={(f) => f && void f.text().then(setText)} />
        <FieldAlert message={formError} />
      </Stack>
      <ModalFooter mode="add" loading={busy} submitType="submit" onCancel={onCancel} />
    </form>
  );
}
