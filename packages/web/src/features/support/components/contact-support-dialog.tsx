import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { userQueryBodySchema, type UserQueryBody, type UserQuerySource } from '@netloom/domain';
import { useFormSubmit } from '@/lib/use-form-submit';
import { askQuestion } from '../api/user-queries';

type Fields = Pick<UserQueryBody, 'name' | 'email' | 'subject' | 'message'> & { company: string };

export interface ContactSupportDialogProps {
  opened: boolean;
  onClose: () => void;
  source: UserQuerySource;
  /** What the page knew that support would ask for (the crash's error, where it happened). */
  context?: UserQueryBody['context'];
  /** Filled in where the page knows them (a signed-in user). */
  initial?: Partial<Fields>;
}

/** A question to the provider, from a page where there is no ticket to raise: it reaches Super Admin → User Queries. */
export function ContactSupportDialog({ opened, onClose, source, context, initial }: ContactSupportDialogProps) {
  const empty: Fields = { name: '', email: '', company: '', subject: '', message: '', ...initial };
  const [values, setValues] = useState<Fields>(empty);
  const [sent, setSent] = useState(false);
  const { errors, formError, busy, submit } = useFormSubmit(userQueryBodySchema, async (body) => {
    await askQuestion(body);
    setSent(true);
  });
  const set = (key: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };
  const close = () => {
    onClose();
    if (sent) {
      setSent(false);
      setValues(empty);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Contact Support" size="lg">
      {sent ? (
        <Stack>
          <Alert color="green" icon={<IconCircleCheck size={18} />} title="Question sent">
            Thank you. Support will answer at {values.email}.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit({ ...values, company: values.company || undefined, source, ...(context ? { context } : {}) });
          }}
        >
          <Stack gap="sm">
            {source === 'crash' && (
              <Text size="sm" c="dimmed">
                The error and the page it happened on go with your question.
              </Text>
            )}
            <Group grow align="flex-start">
              <TextInput label="Name" required data-autofocus value={values.name} error={errors.name} onChange={set('name')} />
              <TextInput label="E-mail" required type="email" value={values.email} error={errors.email} onChange={set('email')} />
            </Group>
            <TextInput label="Company" value={values.company} error={errors.company} onChange={set('company')} />
            <TextInput label="Subject" required value={values.subject} error={errors.subject} onChange={set('subject')} />
            <Textarea label="Message" required autosize minRows={4} maxRows={10} value={values.message} error={errors.message} onChange={set('message')} />
            {formError && (
              <Text size="sm" c="red" role="alert">
                {formError}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Send
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
