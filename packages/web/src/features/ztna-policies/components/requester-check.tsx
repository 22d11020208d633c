import { useState } from 'react';
import type { SelectOption } from '@/components/inputs/select-field';
import { PolicyCheckForm } from '@/components/policies/policy-check-form';
import { RequesterFields, useRequester } from '@/components/policies/requester-fields';
import { useZtnaEndpoints } from '@/features/ztna-policies/api/get-ztna-endpoints';
import { useTenantUsers } from '@/features/ztna-policies/api/get-tenant-users';
import { useTestAccess } from '@/features/ztna-policies/api/test-access';
import { AccessTestResultView } from './access-test-result';
import { EMPTY_TARGET, TargetFields, type Target } from './target-fields';

/** One requester and one server: what the policies decide now, why, and what the requester is. */
export function RequesterCheck({ servers }: { servers: SelectOption[] }) {
  const users = useTenantUsers();
  const endpoints = useZtnaEndpoints();
  const test = useTestAccess();
  const [requester, setRequester] = useRequester();
  const [target, setTarget] = useState<Target>(EMPTY_TARGET);
  const [errors, setErrors] = useState<{ who?: string; server?: string }>({});
  const endpoint = endpoints.data?.find((d) => d.id === requester.endpoint) ?? null;

  const run = () => {
    const { kind } = requester;
    const who = kind === 'user' ? requester.user : requester.endpoint;
    const found = { who: who ? undefined : 'Field is required', server: target.serverId ? undefined : 'Field is required' };
    setErrors(found);
    if (!who || !target.serverId) return;
    test.mutate({
      // An endpoint is asked about with the user signed in on it: their groups count too.
      user: kind === 'user' ? requester.user : (endpoint?.user ?? null),
      device_id: kind === 'endpoint' ? requester.endpoint : null,
      server_id: target.serverId,
      protocol: target.protocol,
      port: target.port,
    });
  };

  return (
    <PolicyCheckForm
      label="Check access"
      submitLabel="Check"
      onRun={run}
      pending={test.isPending}
      error={test.isError ? test.error : null}
      result={test.data && <AccessTestResultView result={test.data} />}
    >
      <RequesterFields
        label="Check for"
        kinds={['user', 'endpoint']}
        value={requester}
        onChange={setRequester}
        users={users.data ?? []}
        endpoints={(endpoints.data ?? []).map((d) => ({ value: d.id, label: d.user ? `${d.name} (${d.user})` : d.name }))}
        required
        error={errors.who}
      />
      <TargetFields value={target} onChange={setTarget} servers={servers} serverError={errors.server} />
    </PolicyCheckForm>
  );
}
