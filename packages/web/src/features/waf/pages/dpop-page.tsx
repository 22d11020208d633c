import { Alert, NumberInput, Stack, Switch } from '@mantine/core';
import { ChipInput } from '@/components/inputs/chip-input';
import { WAF_PATH_RULE } from '@/features/waf/components/path-rule';
import { PolicyPageFrame } from '@/features/waf/components/policy-page-frame';
import { PolicyPartForm, type PartFieldsProps } from '@/features/waf/components/policy-part-form';

function DpopFields({ value, errors, disabled, onChange }: PartFieldsProps<'dpop'>) {
  return (
    <Stack gap="md">
      <Switch
        label="Require DPoP proofs"
        checked={value.enabled}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, enabled: e.currentTarget.checked })}
      />
      <ChipInput
        type="url"
        rule={WAF_PATH_RULE}
        label="Paths"
        description="Requests under these paths need a valid proof (RFC 9449)"
        placeholder="/api/"
        value={value.paths}
        disabled={disabled || !value.enabled}
        onChange={(paths) => onChange({ ...value, paths })}
        error={errors.paths}
      />
      <NumberInput
        label="Largest proof age (seconds)"
        description="How far a proof's iat may be from the edge's clock"
        min={5}
        max={600}
        w={260}
        value={value.max_age_seconds}
        disabled={disabled || !value.enabled}
        onChange={(n) => onChange({ ...value, max_age_seconds: typeof n === 'number' ? n : 0 })}
        error={errors.max_age_seconds}
      />
    </Stack>
  );
}

/** QShield › Organization › DPoP: proof-of-possession on an API application's paths. */
export function DpopPage() {
  return (
    <PolicyPageFrame title="DPoP" subtitle="Proof-of-possession of access tokens (RFC 9449), checked by the edge on an API's paths">
      {(app) =>
        app.api ? (
          <PolicyPartForm key={app.id} application={app} part="dpop" fields={DpopFields} />
        ) : (
          <Alert color="yellow" title="Not an API application">
            DPoP applies to API applications only: {app.name} is a web application. Mark it as an API application on the Onboard page to require proofs.
          </Alert>
        )
      }
    </PolicyPageFrame>
  );
}
