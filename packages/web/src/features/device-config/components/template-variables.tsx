import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ConfigTemplate } from '@netloom/domain';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useUpdateTemplate } from '@/features/device-config/api/templates';
import { filledValues, VariableTable } from './variable-table';

/** The variables a template's sections use, with their defaults (a group's or a device's value beats them). */
export function TemplateVariables({ template, writer }: { template: ConfigTemplate; writer: boolean }) {
  const update = useUpdateTemplate(template.id);
  const [defaults, setDefaults] = useState<Record<string, string>>(template.defaults);
  const [error, setError] = useState<string | null>(null);
  if (template.variables.length === 0) {
    return <Text c="dimmed">This template uses no variables. Write {'{{name}}'} in any text field of its families to use one.</Text>;
  }
  return (
    <Stack gap="sm" maw={640}>
      <VariableTable
        column="Default"
        names={template.variables}
        values={defaults}
        placeholder={() => 'No default: each group or device gives one'}
        disabled={!writer}
        onChange={setDefaults}
      />
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      {writer && (
        <Group justify="flex-end">
          <Button
            loading={update.isPending}
            onClick={() => {
              setError(null);
              const kept = filledValues(defaults);
              update.mutateAsync({ defaults: kept }).then(
                () => toast.success('Defaults', 'edited'),
                (e: unknown) => setError(formErrorMessage(e)),
              );
            }}
          >
            Save defaults
          </Button>
        </Group>
      )}
    </Stack>
  );
}
