import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { canWriteConfig, type WafApplication, type WafPolicy } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import type { FormErrors } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useWafPolicy } from '@/features/waf/api/get-waf-policy';
import { PolicySync } from './policy-sync';
import { usePolicySave } from './use-policy-save';

export interface PartFieldsProps<K extends keyof WafPolicy> {
  value: WafPolicy[K];
  errors: FormErrors;
  disabled: boolean;
  onChange: (value: WafPolicy[K]) => void;
}

interface PolicyPartFormProps<K extends keyof WafPolicy> {
  application: WafApplication;
  part: K;
  fields: (props: PartFieldsProps<K>) => ReactNode;
}

/** One part of an application's policy (DDoS limits, DPoP) on a page of its own, saved with the rest of the policy unchanged. */
export function PolicyPartForm<K extends keyof WafPolicy>({ application, part, fields }: PolicyPartFormProps<K>) {
  const view = useWafPolicy(application.id);
  if (view.isError) return <ErrorPanel onRetry={() => void view.refetch()} />;
  if (!view.data) return <CardSkeleton height={300} />;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <PolicySync revision={view.data.revision} syncState={view.data.sync_state} edges={view.data.edges} />
      </Paper>
      <PartEditor key={view.data.revision} appId={application.id} policy={view.data.policy} part={part} fields={fields} />
    </Stack>
  );
}

function PartEditor<K extends keyof WafPolicy>({
  appId,
  policy,
  part,
  fields,
}: {
  appId: string;
  policy: WafPolicy;
  part: K;
  fields: PolicyPartFormProps<K>['fields'];
}) {
  const user = useCurrentUser();
  const writer = user ? canWriteConfig(user) : false;
  const [value, setValue] = useState(policy[part]);
  const [message, setMessage] = useState('');
  const { submit, errors, formError, busy } = usePolicySave(appId);
  // The part's messages without its prefix ('ddos.strict_…' → 'strict_…').
  const partErrors = Object.fromEntries(
    Object.entries(errors).flatMap(([k, v]) => (k.startsWith(`${String(part)}.`) ? [[k.slice(String(part).length + 1), v]] : [])),
  );
  const dirty = JSON.stringify(value) !== JSON.stringify(policy[part]);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ ...policy, [part]: value }, message);
      }}
    >
      <Paper withBorder p="md">
        <Stack gap="md">
          {fields({ value, errors: partErrors, disabled: !writer, onChange: setValue })}
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          {writer && (
            <Group align="flex-end">
              <TextInput label="What changed" flex={1} maxLength={200} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
              <Button type="submit" loading={busy} disabled={!dirty}>
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </form>
  );
}
