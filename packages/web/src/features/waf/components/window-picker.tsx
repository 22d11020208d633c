import { SegmentedControl } from '@mantine/core';
import { WAF_WINDOWS, type WafWindow } from '@/features/waf/hooks/use-waf-filters';

/** The time window of an analytics page, ending now. */
export function WindowPicker({ value, onChange }: { value: WafWindow; onChange: (w: WafWindow) => void }) {
  return (
    <SegmentedControl
      aria-label="Time window"
      size="xs"
      data={WAF_WINDOWS.map((w) => ({ value: w.value, label: w.label }))}
      value={value}
      onChange={(v) => onChange(v as WafWindow)}
    />
  );
}
