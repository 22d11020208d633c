import { SegmentedControl } from '@mantine/core';
import { IOT_WINDOWS, type IotWindow } from '@/features/iot/hooks/iot-windows';

/** The window a device's telemetry graphs look back over, ending now. */
export function IotWindowPicker({ value, onChange }: { value: IotWindow; onChange: (w: IotWindow) => void }) {
  return (
    <SegmentedControl
      aria-label="Time window"
      size="xs"
      data={IOT_WINDOWS.map((w) => ({ value: w.value, label: w.label }))}
      value={value}
      onChange={(v) => onChange(v as IotWindow)}
    />
  );
}
