import { useState } from 'react';
import { Alert, Button, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import type { WafPolicy } from '@netloom/domain';
import { AccessListFields } from './access-list-fields';
import { CustomRulesSection } from './custom-rules-section';
import type { ExclusionDraft } from './exclusion-form';
import { ExclusionsSection } from './exclusions-section';
import { PolicyCoreFields, RuleGroupFields } from './policy-core-fields';
import { errorAt } from './policy-errors';
import { PolicySectionCard } from './policy-section-card';
import { RateLimitFields } from './rate-limit-fields';
import { usePolicySave } from './use-policy-save';

interface PolicyEditorProps {
  appId: string;
  policy: WafPolicy;
  writer: boolean;
  threatLists: readonly { id: string; name: string }[];
  prefill: ExclusionDraft | null;
}

/** An application's whole WAF policy, saved at once as a new revision with a message. */
export function PolicyEditor({ appId, policy: saved, writer, threatLists, prefill }: PolicyEditorProps) {
  const [policy, setPolicy] = useState(saved);
  const { submit, errors, formError, busy } = usePolicySave(appId);
  const change = (c: Partial<WafPolicy>) => setPolicy((p) => ({ ...p, ...c }));
  const disabled = !writer;
  const dirty = JSON.stringify(policy) !== JSON.stringify(saved);
  const fields = { policy, errors, disabled, onChange: change };

  return (
    <form
      noValidate
      aria-label="WAF policy"
      onSubmit={(e) => {
        e.preventDefault();
        // The message is read on submit: kept out of state, typing it does not redraw the whole policy.
        void submit(policy, String(new FormData(e.currentTarget).get('message') ?? ''));
      }}
    >
      <Stack gap="md">
        <PolicySectionCard title="Core Rule Set">
          <PolicyCoreFields {...fields} />
        </PolicySectionCard>
        <PolicySectionCard title="Rule groups">
          <RuleGroupFields {...fields} />
        </PolicySectionCard>
        <PolicySectionCard title="Exclusions">
          <ExclusionsSection
            exclusions={policy.exclusions}
            writer={writer}
            prefill={prefill}
            error={errorAt(errors, 'exclusions')}
            onChange={(exclusions) => change({ exclusions })}
          />
        </PolicySectionCard>
        <PolicySectionCard title="Custom rules">
          <CustomRulesSection rules={policy.custom_rules} writer={writer} errors={errors} onChange={(custom_rules) => change({ custom_rules })} />
        </PolicySectionCard>
        <PolicySectionCard title="Addresses and countries">
          <Stack gap="md">
            <AccessListFields {...fields} />
            <MultiSelect
              label="Threat-intel lists"
              description="Lists of the organisation (Threat Intel) whose addresses this application refuses"
              data={threatLists.map((l) => ({ value: l.id, label: l.name }))}
              value={policy.threat_lists}
              onChange={(threat_lists) => change({ threat_lists })}
              disabled={disabled}
              searchable
              clearable
              nothingFoundMessage="No Matching Result(s)."
              error={errorAt(errors, 'threat_lists')}
            />
          </Stack>
        </PolicySectionCard>
        <PolicySectionCard title="Rate limits">
          <RateLimitFields limits={policy.rate_limits} errors={errors} disabled={disabled} onChange={(rate_limits) => change({ rate_limits })} />
        </PolicySectionCard>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        {writer && (
          <Group align="flex-end">
            <TextInput label="What changed" placeholder="Paranoia level 2 for the shop" flex={1} maxLength={200} name="message" />
            <Button variant="default" disabled={!dirty || busy} onClick={() => setPolicy(saved)}>
              Discard changes
            </Button>
            <Button type="submit" loading={busy} disabled={!dirty}>
              Save policy
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
