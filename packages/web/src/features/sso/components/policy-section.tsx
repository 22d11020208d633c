import { Paper, Select, Skeleton, Stack, Switch, Title } from '@mantine/core';
import { SSO_DEFAULT_ROLES, type SsoSettings } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useSaveSsoPolicy, useSsoPolicy } from '@/features/sso/api/sso-policy';

/** Whether SSO is required, and the role of users created at their first sign-in. */
export function PolicySection() {
  const policy = useSsoPolicy();
  const save = useSaveSsoPolicy();
  const change = (body: Partial<SsoSettings>) =>
    save.mutate(body, { onSuccess: () => toast.edited('Single sign-on policy'), onError: (e) => toast.error(formErrorMessage(e)) });

  return (
    <Paper withBorder p="lg">
      <Stack>
        <Title order={3}>Policy</Title>
        {policy.isError ? (
          <ErrorPanel onRetry={() => void policy.refetch()} />
        ) : !policy.data ? (
          <Skeleton h={60} />
        ) : (
          <>
            <Switch
              label="Require single sign-on"
              description="Passwords and Google sign-in are refused to everyone but the owners, who keep them as break-glass accounts."
              checked={policy.data.require_sso}
              onChange={(e) => change({ require_sso: e.currentTarget.checked })}
            />
            <Select
              label="Role of new users"
              description="Users created at their first sign-in get this role unless a group mapping gives one."
              data={[...SSO_DEFAULT_ROLES]}
              value={policy.data.default_role}
              allowDeselect={false}
              onChange={(v) => v && change({ default_role: v as SsoSettings['default_role'] })}
              maw={320}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
