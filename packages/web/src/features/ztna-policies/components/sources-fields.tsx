import { memo } from 'react';
import type { AccessSources } from '@netloom/domain';
import { AudienceFields } from '@/components/policies/audience-fields';
import type { PolicyOptions } from './use-policy-options';

export interface SourcesFieldsProps {
  value: AccessSources;
  onChange: (value: AccessSources) => void;
  options: PolicyOptions;
  error?: string;
}

/** Who a policy is for: everyone, or any of the users, groups (teams) and security groups chosen. */
export const SourcesFields = memo(function SourcesFields({ value, onChange, options, error }: SourcesFieldsProps) {
  return (
    <AudienceFields
      value={value}
      onChange={onChange}
      columns={3}
      error={error}
      lists={[
        { field: 'users', label: 'Users', options: options.users },
        { field: 'groups', label: 'Groups', options: options.groups, removed: () => 'Removed group' },
        { field: 'security_groups', label: 'Security groups', options: options.securityGroups, removed: () => 'Removed security group' },
      ]}
    />
  );
});
