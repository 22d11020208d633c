import { Table, Text, TextInput } from '@mantine/core';

export interface VariableTableProps {
  /** 'Value' or 'Default': the column's header and each input's label ('Value of site'). */
  column: string;
  names: readonly string[];
  values: Record<string, string>;
  placeholder: (name: string) => string;
  disabled: boolean;
  onChange: (values: Record<string, string>) => void;
}

/** `{{variable}}` names with an input each: a template's defaults, a group's or a device's values. */
export function VariableTable({ column, names, values, placeholder, disabled, onChange }: VariableTableProps) {
  return (
    <Table withTableBorder aria-label={`Variable ${column.toLowerCase()}s`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Variable</Table.Th>
          <Table.Th>{column}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {names.map((name) => (
          <Table.Tr key={name}>
            <Table.Td>
              <Text ff="monospace" size="sm">{`{{${name}}}`}</Text>
            </Table.Td>
            <Table.Td>
              <TextInput
                aria-label={`${column} of ${name}`}
                placeholder={placeholder(name)}
                value={values[name] ?? ''}
                disabled={disabled}
                onChange={(e) => onChange({ ...values, [name]: e.currentTarget.value })}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Values left empty are not sent: an empty value would hide the default behind it. */
export const filledValues = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
