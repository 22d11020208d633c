import { SegmentedControl } from '@mantine/core';
import { NDR_WINDOWS, type NdrWindow } from '@/features/ndr/hooks/ndr-windows';

/** The window an NDR page looks back over, ending now. */
export function NdrWindowPicker({ value, onChange }: { value: NdrWindow; onChange: (w: NdrWindow) => void }) {
  return (
    <SegmentedControl
      aria-label="Time window"
      size="xs"
      data={NDR_WINDOWS.map((w) => ({ value: w.value, label: w.label }))}
      value={value}
      onChange={(v) => onChange(v as NdrWindow)}
    />
  );
}
