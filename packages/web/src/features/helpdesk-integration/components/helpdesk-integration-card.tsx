import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, CopyButton, Group, Paper, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { BUILT_IN_HELPDESK, HELPDESK_LABELS, HELPDESK_TYPES, canManageTenant, formatDate, type HelpdeskType } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { useConnectHelpdesk, useDisconnectHelpdesk, useHelpdeskStatus } from '../api/helpdesk-integration';

/** The fields each helpdesk asks for; secrets are typed once and never shown again. */
const FIELDS: Record<HelpdeskType, { name: string; label: string; secret?: boolean; placeholder?: string }[]> = {
  zendesk: [
    { name: 'url', label: 'Zendesk address', placeholder: 'https://acme.zendesk.com' },
    { name: 'email', label: "Agent's e-mail" },
    { name: 'api_token', label: 'API token', secret: true },
  ],
  freshdesk: [
    { name: 'url', label: 'Freshdesk address', placeholder: 'https://acme.freshdesk.com' },
    { name: 'api_key', label: 'API key', secret: true },
  ],
  jira: [
    { name: 'url', label: 'Jira site', placeholder: 'https://acme.atlassian.net' },
    { name: 'email', label: "Account's e-mail" },
    { name: 'api_token', label: 'API token', secret: true },
    { name: 'service_desk_id', label: 'Service desk id', placeholder: '1' },
    { name: 'request_type_id', label: 'Request type id', placeholder: '10' },
  ],
};

/**
 * Organisation settings → Support tickets: raise the organisation's tickets in its own helpdesk
 * (Zendesk, Freshdesk or Jira Service Management) instead of Netloom's. The credentials are tried
 * when saved and never shown again. Owners and admins.
 */
export function HelpdeskIntegrationCard() {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const allowed = !!user && canManageTenant(user);
  const status = useHelpdeskStatus(tid, allowed);
  const connect = useConnectHelpdesk(tid);
  const disconnect = useDisconnectHelpdesk(tid);
  const [type, setType] = useState<HelpdeskType>('zendesk');
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  if (!allowed) return null;
  const own = status.data?.own ?? null;
  const provider = status.data?.provider ?? null;
  const method = status.data?.method;
  const timezone = user.timezone;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const credentials = Object.fromEntries(FIELDS[type].map((f) => [f.name, (values[f.name] ?? '').trim()]));
    connect.mutate(
      { type, credentials },
      {
        onSuccess: () => {
          toast.success('Helpdesk', 'added');
          setValues({});
        },
        onError: (err) => setError(formErrorMessage(err)),
      },
    );
  };
  const onDisconnect = async () => {
    if (!own) return;
    const yes = await confirm({
      title: `Disconnect ${own.label}?`,
      message: 'New tickets go to Netloom’s helpdesk (or your provider’s). Tickets already raised there stay there.',
      confirmLabel: 'Disconnect',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (yes) disconnect.mutate(own.type, { onSuccess: () => toast.success('Helpdesk', 'deleted'), onError: (err) => toast.error(formErrorMessage(err)) });
  };

  return (
    <Paper withBorder p="lg" mt="lg" component="section" aria-labelledby="helpdesk-title">
      <Stack gap="md">
        <div>
          <Title order={3} fz="lg" id="helpdesk-title">
            Support tickets
          </Title>
          <Text size="sm" c="dimmed">
            Raise your tickets in your own helpdesk instead of Netloom’s: they are created there with the same details, and their status and answers come back
            to Track Status.
          </Text>
        </div>
        {status.isError ? (
          <ErrorPanel onRetry={() => void status.refetch()} />
        ) : (
          <Text size="sm" data-testid="helpdesk-method">
            Tickets go to <b>{!method || method === BUILT_IN_HELPDESK ? 'Netloom’s helpdesk' : HELPDESK_LABELS[method]}</b>
            {own
              ? ` (connected ${formatDate(own.updated_at, { timezone })}, credentials checked ${formatDate(own.checked_at, { timezone })})`
              : provider
                ? ' (set by your provider)'
                : ''}
            .
          </Text>
        )}
        {own?.webhook_url && (
          <Stack gap={4}>
            <TextInput label="Webhook URL" readOnly value={own.webhook_url} maw={640} />
            <Text size="xs" c="dimmed">
              In {own.label}, add a webhook (or automation) that POSTs <Code>{'{"ticket_id": "…"}'}</Code> here whenever a ticket changes: replies then arrive
              at once. Without it Netloom reads open tickets every few minutes.
            </Text>
            <CopyButton value={own.webhook_url}>
              {({ copied, copy }) => (
                <Button variant="default" size="xs" w="fit-content" onClick={copy}>
                  {copied ? 'Copied' : 'Copy webhook URL'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        )}
        {own && (
          <Group>
            <Button variant="default" color="red" onClick={() => void onDisconnect()} loading={disconnect.isPending}>
              Disconnect {own.label}
            </Button>
          </Group>
        )}
        <form onSubmit={submit}>
          <Stack gap="sm" maw={480}>
            <Select
              label="Helpdesk"
              data={HELPDESK_TYPES.map((t) => ({ value: t, label: HELPDESK_LABELS[t] }))}
              value={type}
              allowDeselect={false}
              onChange={(v) => {
                if (!v) return;
                setType(v as HelpdeskType);
                setValues({});
                setError(null);
              }}
            />
            {FIELDS[type].map((f) =>
              f.secret ? (
                <PasswordInput
                  key={`${type}-${f.name}`}
                  label={f.label}
                  required
                  value={values[f.name] ?? ''}
                  onChange={(e) => setValues({ ...values, [f.name]: e.currentTarget.value })}
                />
              ) : (
                <TextInput
                  key={`${type}-${f.name}`}
                  label={f.label}
                  required
                  placeholder={f.placeholder}
                  value={values[f.name] ?? ''}
                  onChange={(e) => setValues({ ...values, [f.name]: e.currentTarget.value })}
                />
              ),
            )}
            {error && (
              <Alert color="red" variant="light" title="Not connected">
                {error}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={connect.isPending}>
                {own?.type === type ? `Save new ${HELPDESK_LABELS[type]} credentials` : `Connect ${HELPDESK_LABELS[type]}`}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
