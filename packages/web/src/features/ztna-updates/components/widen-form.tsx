import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { rolloutPercentageBodySchema } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { toast } from '@/components/feedback/toast';
import { useFormSubmit } from '@/lib/use-form-submit';
import type { RolloutRow } from '@/features/ztna-updates/api/get-rollouts';
import { useSetRolloutPercentage } from '@/features/ztna-updates/api/set-rollout-percentage';
import { PercentageField } from './percentage-field';

/** Changes a rollout's percentage; raising it adds endpoints, those already in the stage stay. */
export function WidenForm({ rollout, onDone }: { rollout: RolloutRow; onDone: () => void }) {
  const [percentage, setPercentage] = useState(rollout.percentage);
  const set = useSetRolloutPercentage();
  const { errors, formError, busy, submit } = useFormSubmit(rolloutPercentageBodySchema, async (checked) => {
    await set.mutateAsync({ id: rollout.id, percentage: checked.percentage });
    toast.edited('Rollout');
    onDone();
  });
  return (
    <form
      aria-label="Change rollout percentage"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ percentage });
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Now {rollout.percentage} %: {rollout.in_stage} of {rollout.targeted} endpoints in the stage.
        </Text>
        <PercentageField value={percentage} onChange={setPercentage} error={errors.percentage} />
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter mode="edit" submitType="submit" loading={busy} onCancel={onDone} onReset={() => setPercentage(rollout.percentage)} />
    </form>
  );
}
