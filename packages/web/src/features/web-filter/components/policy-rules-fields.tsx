import { SimpleGrid, Stack } from '@mantine/core';
import { MultiSelectField, type SelectOption } from '@/components/inputs/select-field';
import { fieldError, type FormErrors } from '@/lib/forms';
import type { AvailableCategory } from '@/features/web-filter/api/get-available-categories';
import { AllowBlockFields } from './allow-block-fields';
import { CategorySelect } from './category-select';
import type { PolicyFormValues } from './policy-form-values';

type RuleValues = Pick<
  PolicyFormValues,
  'blocked_categories' | 'allowed_categories' | 'blocked_applications' | 'allowed_urls' | 'blocked_urls' | 'allowed_ips' | 'blocked_ips'
>;

/** The two category lists: those the policy's action applies to, and those it always lets through. */
const CATEGORY_LISTS = [
  { field: 'blocked_categories', label: 'Categories', description: "The policy's action applies to these" },
  { field: 'allowed_categories', label: 'Allowed categories', description: 'Always let through by this policy' },
] as const;

export interface PolicyRulesFieldsProps {
  values: RuleValues;
  onChange: (patch: Partial<RuleValues>) => void;
  categories: readonly AvailableCategory[];
  applications: SelectOption[];
  errors: FormErrors;
}

/** What a policy matches: categories, applications, URLs and addresses. */
export function PolicyRulesFields({ values, onChange, categories, applications, errors }: PolicyRulesFieldsProps) {
  const pairErrors = (allowed: keyof RuleValues, blocked: keyof RuleValues) => ({ allowed: fieldError(errors, allowed), blocked: fieldError(errors, blocked) });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {CATEGORY_LISTS.map((l) => (
          <CategorySelect
            key={l.field}
            label={l.label}
            description={l.description}
            categories={categories}
            value={values[l.field]}
            onChange={(v) => onChange({ [l.field]: v })}
            error={fieldError(errors, l.field)}
          />
        ))}
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
      <AllowBlockFields
        kind="url"
        allowed={values.allowed_urls}
        blocked={values.blocked_urls}
        onChange={(allowed_urls, blocked_urls) => onChange({ allowed_urls, blocked_urls })}
        errors={pairErrors('allowed_urls', 'blocked_urls')}
      />
      <AllowBlockFields
        kind="ip"
        allowed={values.allowed_ips}
        blocked={values.blocked_ips}
        onChange={(allowed_ips, blocked_ips) => onChange({ allowed_ips, blocked_ips })}
        errors={pairErrors('allowed_ips', 'blocked_ips')}
      />
    </Stack>
  );
}
