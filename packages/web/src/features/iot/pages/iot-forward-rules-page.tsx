import { useState } from 'react';
import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { canWriteConfig, type IotForwardRule } from '@netloom/domain';
import { FormModal } from '@/components/dialogs/form-modal';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { formErrorMessage } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useDeleteIotForwardRule } from '@/features/iot/api/delete-iot-forward-rule';
import { useIotForwardRules } from '@/features/iot/api/get-iot-forward-rules';
import { useSaveIotForwardRule } from '@/features/iot/api/save-iot-forward-rule';
import { ForwardRuleForm } from '@/features/iot/components/forward-rule-form';
import { ForwardRulesTable } from '@/features/iot/components/forward-rules-table';

/**
 * IoT Gateway › Organization › Forwarding rules: which of the MQTT topics the gateways bridge
 * become telemetry series, and how a topic names its device and its number. Viewers read;
 * editors and up add, change and delete.
 */
export function IotForwardRulesPage() {
  const user = useCurrentUser();
  const writer = user ? canWriteConfig(user) : false;
  const rules = useIotForwardRules();
  const save = useSaveIotForwardRule();
  const remove = useDeleteIotForwardRule();
  // undefined: closed; null: a new rule.
  const [editing, setEditing] = useState<IotForwardRule | null | undefined>(undefined);
  const label = editing ? `Edit the rule of ${editing.series}` : 'Add a forwarding rule';

  return (
    <>
      <PageHeader
        title="Forwarding rules"
        subtitle="The MQTT topics your gateways bridge that become telemetry series, tried in order"
        actions={
          writer && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              Add a forwarding rule
            </Button>
          )
        }
      />
      <Paper withBorder p="md">
        {rules.isError ? (
          <ErrorPanel onRetry={() => void rules.refetch()} />
        ) : (
          <ForwardRulesTable
            rules={rules.data ?? []}
            loading={rules.isLoading}
            timezone={user?.timezone ?? null}
            writer={writer}
            onEdit={setEditing}
            onDelete={(r) =>
              remove.mutate(r.id, {
                onSuccess: () => toast.deleted('Forwarding rule'),
                onError: (e) => toast.error(formErrorMessage(e)),
              })
            }
          />
        )}
      </Paper>
      <FormModal opened={editing !== undefined} onClose={() => setEditing(undefined)} label={label}>
        {editing !== undefined && (
          <ForwardRuleForm
            rule={editing}
            onCancel={() => setEditing(undefined)}
            onSave={async (input) => {
              await save.mutateAsync({ id: editing?.id, input });
              toast.success('Forwarding rule', editing ? 'edited' : 'added');
              setEditing(undefined);
            }}
          />
        )}
      </FormModal>
    </>
  );
}
