import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { templateVariables } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useBinding, useSaveBinding, useTemplates } from '@/features/device-config/api/templates';
import { OperationProgress } from './operation-progress';
import { filledValues, VariableTable } from './variable-table';

export interface BindingEditorProps {
  kind: 'device' | 'network';
  targetId: string;
  writer: boolean;
}

/**
 * The templates a device or device group gets, in order, and its values for their variables
 * (a device's value beats its group's, which beats the template's default). Saving pushes the
 * devices it changes, and the push's progress shows below.
 */
export function BindingEditor({ kind, targetId, writer }: BindingEditorProps) {
  const templates = useTemplates();
  const binding = useBinding(kind, targetId);
  const save = useSaveBinding(kind, targetId);
  const [ids, setIds] = useState<string[]>([]);
  const [values, setValues] = useState<Record<string, string>>({});
  // What the editor changed is never replaced by a late answer (a slow load, a read again after a save elsewhere).
  const [touched, setTouched] = useState(false);
  // The push's progress is kept in the URL (?operation=): leaving the page and coming back shows it again.
  const [params, setParams] = useSearchParams();
  const operation = params.get('operation');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (binding.data && !touched) {
      setIds(binding.data.template_ids);
      setValues(binding.data.variables);
    }
  }, [binding.data, touched]);
  if (binding.isError || templates.isError) return <ErrorPanel onRetry={() => void binding.refetch()} />;
  const all = templates.data?.results ?? [];
  // A device's values fill the variables of its group's templates too: it needs no binding of its own for that.
  const inherited = (binding.data?.inherited_template_ids ?? []).flatMap((id) => all.filter((t) => t.id === id));
  const chosen = [...inherited, ...ids.flatMap((id) => all.filter((t) => t.id === id))];
  const variables = [...new Set(chosen.flatMap((t) => templateVariables(t.sections)))];
  const defaults = Object.assign({}, ...chosen.map((t) => t.defaults)) as Record<string, string>;
  const submit = async () => {
    setError(null);
    const kept = filledValues(values);
    try {
      const saved = await save.mutateAsync({ template_ids: ids, variables: kept });
      toast.success('Templates', 'edited');
      setTouched(false);
      const id = saved.operation_id;
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (id) next.set('operation', id);
          else next.delete('operation');
          return next;
        },
        { replace: true },
      );
    } catch (e) {
      setError(formErrorMessage(e));
    }
  };
  return (
    <Stack gap="sm">
      <MultiSelect
        label={kind === 'device' ? "This device's templates" : "This group's templates"}
        description="Applied in this order; a later template's family replaces an earlier one's, the device's own sections win over all."
        data={all.map((t) => ({ value: t.id, label: t.name }))}
        value={ids}
        onChange={(next) => {
          setTouched(true);
          setIds(next);
        }}
        // Nothing to pick from until what is bound now is known: a pick made before would be lost.
        disabled={!writer || !binding.data}
        searchable
      />
      {inherited.length > 0 && (
        <Text size="sm" c="dimmed">
          {`From its device group: ${inherited.map((t) => t.name).join(', ')}`}
        </Text>
      )}
      {variables.length > 0 && (
        <VariableTable
          column="Value"
          names={variables}
          values={values}
          placeholder={(name) => (defaults[name] !== undefined ? `Default: ${defaults[name]}` : 'No default')}
          disabled={!writer}
          onChange={(next) => {
            setTouched(true);
            setValues(next);
          }}
        />
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      {writer && (
        <Group justify="flex-end">
          <Button onClick={() => void submit()} loading={save.isPending}>
            Save and push
          </Button>
        </Group>
      )}
      {operation && <OperationProgress operationId={operation} />}
    </Stack>
  );
}
