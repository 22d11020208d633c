import { useState } from 'react';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { FilterField } from './filter-field';
import { emptyFilterValues, type FilterDefinition, type FilterValues } from './filter-types';
import { filterErrors } from './filter-validation';

const FILTER_DIALOG_TITLE = 'Select Filters';
// Spec 001 §2: the filter dialog is 45vw wide.
const FILTER_DIALOG_WIDTH = '45vw';

export type FilterDialogResult = { applied: true; values: FilterValues } | { applied: false };

interface FilterDialogContentProps {
  filters: readonly FilterDefinition[];
  /** The filters in force; missing keys start empty. */
  values?: FilterValues;
  onApply: (values: FilterValues) => void;
}

/** The dialog's form: every filter, 'Clear Filters' to empty them all, Apply to use them. */
function FilterDialogContent({ filters, values, onApply }: FilterDialogContentProps) {
  const [draft, setDraft] = useState<FilterValues>(() => ({ ...emptyFilterValues(filters), ...values }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Clearing remounts the fields: their own state (typed text, touched flags) must go too, and a
  // Mantine radio left without a checked prop would otherwise keep its old dot.
  const [generation, setGeneration] = useState(0);

  const apply = () => {
    const found = filterErrors(filters, draft);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(draft);
  };

  return (
    <Stack gap="md">
      {filters.map((def) => (
        <div key={`${generation}-${def.formControl}`} className={def.className}>
          <FilterField
            definition={def}
            value={draft[def.formControl] ?? null}
            error={errors[def.formControl]}
            onChange={(v) => {
              setDraft((d) => ({ ...d, [def.formControl]: v }));
              setErrors(({ [def.formControl]: _, ...rest }) => rest);
            }}
          />
        </div>
      ))}
      <Group justify="space-between" mt="sm">
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setDraft(emptyFilterValues(filters));
            setErrors({});
            setGeneration((g) => g + 1);
          }}
        >
          Clear Filters
        </Anchor>
        <Button onClick={apply}>Apply</Button>
      </Group>
    </Stack>
  );
}

/** Opens 'Select Filters'; resolves with the values on Apply and { applied: false } when dismissed. */
export function openFilterDialog(filters: readonly FilterDefinition[], values?: FilterValues): Promise<FilterDialogResult> {
  return new Promise((resolve) => {
    const id = modals.open({
      title: FILTER_DIALOG_TITLE,
      size: FILTER_DIALOG_WIDTH,
      onClose: () => resolve({ applied: false }),
      children: (
        <FilterDialogContent
          filters={filters}
          values={values}
          onApply={(applied) => {
            resolve({ applied: true, values: applied });
            modals.close(id);
          }}
        />
      ),
    });
  });
}
