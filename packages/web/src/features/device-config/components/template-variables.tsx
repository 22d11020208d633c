import { useState } from 'react';
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import type { ConfigTemplate } from '@netloom/domain';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useUpdateTemplate } from '@/features/device-config/api/templates';

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
      <Table withTableBorder aria-label="Variable defaults">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Variable</Table.Th>
            <Table.Th>Default</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {template.variables.map((name) => (
            <Table.Tr key={name}>
              <Table.Td>
                <Text ff="monospace" size="sm">{`{{${name}}}`}</Text>
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`Default of ${name}`}
                  placeholder="No default: each group or device gives one"
                  value={defaults[name] ?? ''}
                  disabled={!writer}
                  onChange={(e) => setDefaults({ ...defaults, [name]: e.currentTarget.value })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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
              const kept = Object.fromEntries(Object.entries(defaults).filter(([, v]) => v.trim() !== ''));
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
