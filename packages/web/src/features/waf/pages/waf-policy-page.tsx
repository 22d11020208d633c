import { useMemo } from 'react';
import { Paper, Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { canWriteConfig, type WafApplication } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { useCurrentUser } from '@/lib/session/session-store';
import { useThreatLists } from '@/features/waf/api/get-threat-lists';
import { useWafPolicy } from '@/features/waf/api/get-waf-policy';
import { exclusionDraft, type ExclusionDraft } from '@/features/waf/components/exclusion-form';
import { PolicyEditor } from '@/features/waf/components/policy-editor';
import { PolicyPageFrame } from '@/features/waf/components/policy-page-frame';
import { PolicyRevisions } from '@/features/waf/components/policy-revisions';
import { PolicySync } from '@/features/waf/components/policy-sync';

/** `?exclude_rule=&path=&parameter=` of the attack page's 'Exclude this rule for this path': a new exclusion, pre-filled. */
function usePrefill(): ExclusionDraft | null {
  const [params] = useSearchParams();
  const rule = params.get('exclude_rule');
  const path = params.get('path');
  const parameter = params.get('parameter');
  return useMemo(
    () =>
      rule && /^\d+$/.test(rule)
        ? exclusionDraft({ rule_id: Number(rule), path: path || null, parameter: parameter || null, note: 'False positive seen in an attack event' })
        : null,
    [rule, path, parameter],
  );
}

/** QShield › Organization › WAF Policy: an application's Core Rule Set settings, exclusions, rules, lists and limits, with its revisions. */
export function WafPolicyPage() {
  return (
    <PolicyPageFrame title="WAF Policy" subtitle="What the edges check on each request of an application, and what they do about it">
      {(app) => <ApplicationPolicy key={app.id} application={app} />}
    </PolicyPageFrame>
  );
}

function ApplicationPolicy({ application }: { application: WafApplication }) {
  const user = useCurrentUser();
  const writer = user ? canWriteConfig(user) : false;
  const view = useWafPolicy(application.id);
  const threatLists = useThreatLists();
  const prefill = usePrefill();
  if (view.isError) return <ErrorPanel onRetry={() => void view.refetch()} />;
  if (!view.data) return <CardSkeleton height={400} />;
  const { policy, revision, sync_state, edges } = view.data;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <PolicySync revision={revision} syncState={sync_state} edges={edges} />
      </Paper>
      {/* A new revision (saved here, rolled back, imported) starts the form again from it. */}
      <PolicyEditor key={revision} appId={application.id} policy={policy} writer={writer} threatLists={threatLists.data ?? []} prefill={prefill} />
      <Paper withBorder p="md">
        <Title order={2} fz="md" mb="sm">
          Revisions
        </Title>
        <PolicyRevisions appId={application.id} current={{ revision, policy }} writer={writer} timezone={user?.timezone ?? null} />
      </Paper>
    </Stack>
  );
}
