import { useEffect, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { webFilterPolicyInputSchema, type WebFilterPolicy } from '@netloom/domain';
import { FieldAlert } from '@/components/field-alert';
import { toast } from '@/components/feedback/toast';
import { policyValues } from '@/components/policies/policy-values';
import { fieldError } from '@/lib/forms';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSaveWebFilterPolicy } from '@/features/web-filter/api/save-web-filter-policy';
import { AllowBlockFields } from './allow-block-fields';

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export interface IpPolicyCardProps {
  policy: WebFilterPolicy;
  appliesTo: string;
  writer: boolean;
}

/** One policy's address rules, edited in place; saving sends the whole policy, as its editor does. */
export function IpPolicyCard({ policy, appliesTo, writer }: IpPolicyCardProps) {
  const save = useSaveWebFilterPolicy();
  const [lists, setLists] = useState({ allowed_ips: policy.allowed_ips, blocked_ips: policy.blocked_ips });
  useEffect(() => setLists({ allowed_ips: policy.allowed_ips, blocked_ips: policy.blocked_ips }), [policy.allowed_ips, policy.blocked_ips]);
  const { errors, formError, busy, submit } = useFormSubmit(webFilterPolicyInputSchema, async (checked) => {
    await save.mutateAsync({ id: policy.id, policy: { ...checked, order: policy.order } });
    toast.edited('Policy');
  });
  const changed = !same(lists.allowed_ips, policy.allowed_ips) || !same(lists.blocked_ips, policy.blocked_ips);

  return (
    <Paper withBorder p="md" aria-label={`IP rules of ${policy.name}`} component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Group gap="xs">
              <Text fw={600}>
                {policy.order}. {policy.name}
              </Text>
              {!policy.enabled && (
                <Badge color="gray" variant="light">
                  Disabled
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {appliesTo} · action {policy.action === 'log' ? 'log only' : policy.action} · allowed IPs go through, blocked IPs get the action
            </Text>
          </div>
        </Group>
        <AllowBlockFields
          kind="ip"
          allowed={lists.allowed_ips}
          blocked={lists.blocked_ips}
          onChange={(allowed_ips, blocked_ips) => setLists({ allowed_ips, blocked_ips })}
          disabled={!writer}
          labelSuffix={` of ${policy.name}`}
          errors={{ allowed: fieldError(errors, 'allowed_ips'), blocked: fieldError(errors, 'blocked_ips') }}
        />
        <FieldAlert message={formError} />
        {writer && (
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!changed || busy}
              onClick={() => setLists({ allowed_ips: policy.allowed_ips, blocked_ips: policy.blocked_ips })}
            >
              Discard
            </Button>
            <Button disabled={!changed} loading={busy} onClick={() => void submit({ ...policyValues(policy), ...lists })}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
