import { SimpleGrid, Stack } from '@mantine/core';
import { ChipInput } from '@/components/inputs/chip-input';
import { MultiSelectField, type SelectOption } from '@/components/inputs/select-field';
import type { FormErrors } from '@/lib/forms';
import type { AvailableCategory } from '@/features/web-filter/api/get-available-categories';
import { CategorySelect } from './category-select';
import { IpRuleFields } from './ip-rule-fields';
import { URL_PATTERN_HINT } from './ip-rule';
import { fieldError, type PolicyFormValues } from './policy-form-values';

type RuleValues = Pick<
  PolicyFormValues,
  'blocked_categories' | 'allowed_categories' | 'blocked_applications' | 'allowed_urls' | 'blocked_urls' | 'allowed_ips' | 'blocked_ips'
>;

export interface PolicyRulesFieldsProps {
  values: RuleValues;
  onChange: (patch: Partial<RuleValues>) => void;
  categories: readonly AvailableCategory[];
  applications: SelectOption[];
  errors: FormErrors;
}

/** What a policy matches: categories, applications, URLs and addresses. */
export function PolicyRulesFields({ values, onChange, categories, applications, errors }: PolicyRulesFieldsProps) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <CategorySelect
          label="Categories"
          description="The policy's action applies to these"
          categories={categories}
          value={values.blocked_categories}
          onChange={(v) => onChange({ blocked_categories: v })}
          error={fieldError(errors, 'blocked_categories')}
        />
        <CategorySelect
          label="Allowed categories"
          description="Always let through by this policy"
          categories={categories}
          value={values.allowed_categories}
          onChange={(v) => onChange({ allowed_categories: v })}
          error={fieldError(errors, 'allowed_categories')}
        />
      </SimpleGrid>
      <MultiSelectField
        label="Applications"
        description="The policy's action applies to these web applications"
        options={applications}
        value={values.blocked_applications}
        onChange={(v) => onChange({ blocked_applications: v })}
        searchable
        error={fieldError(errors, 'blocked_applications')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ChipInput
          type="url"
          label="Allowed URLs"
          description={URL_PATTERN_HINT}
          value={values.allowed_urls}
          onChange={(v) => onChange({ allowed_urls: v })}
          error={fieldError(errors, 'allowed_urls')}
        />
        <ChipInput
          type="url"
          label="Blocked URLs"
          description={URL_PATTERN_HINT}
          value={values.blocked_urls}
          onChange={(v) => onChange({ blocked_urls: v })}
          error={fieldError(errors, 'blocked_urls')}
        />
      </SimpleGrid>
      <IpRuleFields
        allowed={values.allowed_ips}
        blocked={values.blocked_ips}
        onChange={onChange}
        errors={{ allowed: fieldError(errors, 'allowed_ips'), blocked: fieldError(errors, 'blocked_ips') }}
      />
    </Stack>
  );
}
