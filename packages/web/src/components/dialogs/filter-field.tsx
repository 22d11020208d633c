import { Group, Image, Radio, Slider, Stack, Text } from '@mantine/core';
import { ChipInput } from '@/components/inputs/chip-input';
import { DateTimeRangePicker } from '@/components/inputs/date-time-range-picker';
import { EMPTY_DATE_RANGE, type DateRangeValue } from '@netloom/domain';
import { MultiSelectField, SelectField } from '@/components/inputs/select-field';
import { TypedTextInput } from '@/components/inputs/typed-text-input';
import { filterOptions, type FilterDefinition, type FilterValue } from './filter-types';

export interface FilterFieldProps {
  definition: FilterDefinition;
  value: FilterValue;
  onChange: (value: FilterValue) => void;
  error?: string | null;
}

const asString = (v: FilterValue) => (typeof v === 'string' ? v : '');
const asList = (v: FilterValue) => (Array.isArray(v) ? v : []);
const asRange = (v: FilterValue): DateRangeValue => (v && typeof v === 'object' && !Array.isArray(v) ? v : EMPTY_DATE_RANGE);

function Label({ definition }: { definition: FilterDefinition }) {
  if (!definition.labelImage) return <>{definition.name}</>;
  return (
    <Group gap={6} component="span">
      <Image src={definition.labelImage} alt="" w={16} h={16} />
      {definition.name}
    </Group>
  );
}

/** One filter definition drawn with the matching shared input. */
export function FilterField({ definition: d, value, onChange, error }: FilterFieldProps) {
  const label = <Label definition={d} />;
  switch (d.type) {
    case 'input':
      return (
        <TypedTextInput type={d.inputType ?? 'text'} label={label} placeholder={d.placeholder} value={asString(value)} onChange={onChange} error={error} />
      );
    case 'multi-input':
      return <ChipInput type={d.multiInputType ?? 'ip'} label={d.name} placeholder={d.placeholder} value={asList(value)} onChange={onChange} error={error} />;
    case 'select': {
      const options = filterOptions(d);
      const searchable = d.needSearchInSelect || undefined;
      return d.multipleSelect ? (
        <MultiSelectField
          label={label}
          placeholder={d.placeholder}
          options={options}
          value={asList(value)}
          onChange={onChange}
          selectAll={d.selectAllOptions}
          searchable={searchable}
          error={error}
          clearable
        />
      ) : (
        <SelectField
          label={label}
          placeholder={d.placeholder}
          options={options}
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
          searchable={searchable}
          error={error}
          clearable
        />
      );
    }
    case 'date-range':
      return <DateTimeRangePicker label={d.name} value={asRange(value)} onChange={onChange} minDate={d.minDate} maxDate={d.maxDate} error={error} />;
    case 'radio':
      return (
        <Radio.Group label={label} value={typeof value === 'string' ? value : null} onChange={onChange} error={error}>
          <Group gap="md" mt={6}>
            {filterOptions(d).map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'slider': {
      const min = d.min ?? 0;
      return (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Slider min={min} max={d.max ?? 100} step={d.step ?? 1} value={typeof value === 'number' ? value : min} onChange={onChange} thumbLabel={d.name} />
          {error && (
            <Text size="xs" c="red">
              {error}
            </Text>
          )}
        </Stack>
      );
    }
  }
}
