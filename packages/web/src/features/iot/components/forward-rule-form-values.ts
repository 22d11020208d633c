import { iotForwardRuleInputSchema, telemetryForwardSchema, type IotForwardRule } from '@netloom/domain';
import type { IotForwardRuleInput } from '@/features/iot/api/save-iot-forward-rule';

export interface ForwardRuleFormValues {
  filter: string;
  series: string;
  value_path: string;
  unit: string;
  device_wildcard: number | '';
  position: number | '';
}

export const EMPTY_FORWARD_RULE: ForwardRuleFormValues = { filter: '', series: '', value_path: '', unit: '', device_wildcard: '', position: '' };

export const forwardRuleFormValues = (r: IotForwardRule): ForwardRuleFormValues => ({
  filter: r.filter,
  series: r.series,
  value_path: r.value_path ?? '',
  unit: r.unit ?? '',
  device_wildcard: r.device_wildcard ?? '',
  position: r.position,
});

/** What the API takes: empty optional fields left out. */
export function forwardRuleInput(v: ForwardRuleFormValues): IotForwardRuleInput {
  return {
    filter: v.filter.trim(),
    series: v.series.trim(),
    ...(v.value_path.trim() ? { value_path: v.value_path.trim() } : {}),
    ...(v.unit.trim() ? { unit: v.unit.trim() } : {}),
    ...(v.device_wildcard === '' ? {} : { device_wildcard: v.device_wildcard }),
    ...(v.position === '' ? {} : { position: v.position }),
  };
}

type Issues = { path: PropertyKey[]; message: string }[];

/**
 * The contract's input rules, then the rule checked whole as the server checks it (the device's
 * '+' must be one of the filter's), so that message shows at its field before anything is sent.
 */
export const forwardRuleSchema = {
  safeParse(x: unknown): { success: true; data: IotForwardRuleInput } | { success: false; error: { issues: Issues } } {
    const input = iotForwardRuleInputSchema.safeParse(x);
    if (!input.success) return { success: false, error: { issues: input.error.issues } };
    const whole = telemetryForwardSchema.safeParse({ ...input.data, id: crypto.randomUUID() });
    if (!whole.success) return { success: false, error: { issues: whole.error.issues } };
    return { success: true, data: input.data };
  },
};
