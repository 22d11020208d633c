import { SegmentedControl } from '@mantine/core';
import { DEM_WINDOWS, type DemWindow } from '@/features/dem/hooks/dem-windows';

/** The window a DEM page looks back over, ending now. */
export function DemWindowPicker({ value, onChange }: { value: DemWindow; onChange: (w: DemWindow) => void }) {
  return (
    <SegmentedControl
      aria-label="Time window"
      size="xs"
      data={DEM_WINDOWS.map((w) => ({ value: w.value, label: w.label }))}
      value={value}
      onChange={(v) => onChange(v as DemWindow)}
    />
  );
}
