import { SegmentedControl } from '@mantine/core';
import { RUM_WINDOWS, type RumWindow } from '@/features/rum/hooks/use-rum-filters';

/** The window the page shows, ending now. */
export function WindowPicker({ value, onChange }: { value: RumWindow; onChange: (w: RumWindow) => void }) {
  return (
    <SegmentedControl
      aria-label="Time window"
      size="xs"
      data={RUM_WINDOWS.map((w) => ({ value: w.value, label: w.label }))}
      value={value}
      onChange={(v) => onChange(v as RumWindow)}
    />
  );
}
