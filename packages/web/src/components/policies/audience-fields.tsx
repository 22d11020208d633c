import { Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { FieldAlert } from '@/components/field-alert';
import { MultiSelectField, type SelectOption } from '@/components/inputs/select-field';
import { withChosen } from '@/components/inputs/with-chosen';

/** The fields of a value that are lists of ids. */
type ListField<V> = { [K in keyof V]: V[K] extends readonly string[] ? K : never }[keyof V] & string;

/** One list a policy may name its requesters by, with the options it is chosen from. */
interface AudienceList<V> {
  field: ListField<V>;
  label: string;
  options: SelectOption[];
  /** How a chosen value no longer offered is shown (its id by default). */
  removed?: (value: string) => string;
}

export interface AudienceFieldsProps<V extends { everyone: boolean }> {
  value: V;
  onChange: (value: V) => void;
  lists: readonly AudienceList<V>[];
  /** Lists side by side on a wide screen. */
  columns: number;
  error?: string;
}

/** Who a policy is for: everyone, or any of the users, groups, endpoints… chosen in its lists. */
export function AudienceFields<V extends { everyone: boolean }>({ value, onChange, lists, columns, error }: AudienceFieldsProps<V>) {
  return (
    <Stack gap="xs">
      <Checkbox
        label="Everyone"
        description="Every user and endpoint of the organisation"
        checked={value.everyone}
        onChange={(e) => onChange({ ...value, everyone: e.currentTarget.checked })}
      />
      {!value.everyone && (
        <SimpleGrid cols={{ base: 1, sm: columns }} spacing="sm">
          {lists.map((l) => {
            const chosen = value[l.field] as readonly string[];
            return (
              <MultiSelectField
                key={l.field}
                label={l.label}
                placeholder={`Pick ${l.label.toLowerCase()}`}
                options={withChosen(l.options, chosen, l.removed)}
                value={[...chosen]}
                onChange={(v) => onChange({ ...value, [l.field]: v })}
                searchable
              />
            );
          })}
        </SimpleGrid>
      )}
      <FieldAlert message={error} />
    </Stack>
  );
}
