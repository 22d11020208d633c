import type { AppliesTo } from '@netloom/domain';
import type { SelectOption } from '@/components/inputs/select-field';
import { AudienceFields } from '@/components/policies/audience-fields';

export interface AppliesToOptions {
  users: SelectOption[];
  groups: SelectOption[];
  endpoints: SelectOption[];
  deviceGroups: SelectOption[];
}

export interface AppliesToFieldsProps {
  value: AppliesTo;
  onChange: (value: AppliesTo) => void;
  options: AppliesToOptions;
  error?: string;
}

/** Who a policy applies to: everyone, or any of the users, groups, endpoints and device groups chosen. */
export function AppliesToFields({ value, onChange, options, error }: AppliesToFieldsProps) {
  return (
    <AudienceFields
      value={value}
      onChange={onChange}
      columns={2}
      error={error}
      lists={[
        { field: 'users', label: 'Users', options: options.users },
        { field: 'groups', label: 'Groups', options: options.groups },
        { field: 'endpoints', label: 'Endpoints', options: options.endpoints },
        { field: 'device_groups', label: 'Device groups', options: options.deviceGroups },
      ]}
    />
  );
}
