import { Group, NumberInput, Slider, Stack } from '@mantine/core';

interface PercentageFieldProps {
  value: number;
  onChange: (v: number) => void;
  error?: string;
}

/** The share of the targeted endpoints in the stage: a number to type, a slider to drag. */
export function PercentageField({ value, onChange, error }: PercentageFieldProps) {
  return (
    <Stack gap={4}>
      <Group align="flex-end" wrap="nowrap">
        <NumberInput
          label="Percentage"
          description="Of the targeted endpoints, updated first"
          w={180}
          min={1}
          max={100}
          suffix=" %"
          allowDecimal={false}
          value={value}
          onChange={(v) => onChange(typeof v === 'number' ? v : Number(v) || 0)}
          error={error}
        />
        <Slider
          style={{ flex: 1 }}
          mb={12}
          min={1}
          max={100}
          value={value}
          onChange={onChange}
          thumbLabel="Percentage slider"
          marks={[{ value: 10 }, { value: 25 }, { value: 50 }, { value: 100 }]}
        />
      </Group>
    </Stack>
  );
}
