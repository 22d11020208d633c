import { useState } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { SsoKind, SsoProvider } from '@netloom/domain';
import { ProviderForm } from './provider-form';
import { SamlProviderForm } from './saml-provider-form';

/** A new provider's kind is chosen first; an existing one keeps its kind. */
export function ProviderKindForm({ provider, onDone }: { provider: SsoProvider | null; onDone: () => void }) {
  const [kind, setKind] = useState<SsoKind>(provider?.kind ?? 'oidc');
  return (
    <Stack>
      {!provider && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Protocol
          </Text>
          <SegmentedControl
            aria-label="Protocol"
            value={kind}
            onChange={(v) => setKind(v as SsoKind)}
            data={[
              { value: 'oidc', label: 'OpenID Connect' },
              { value: 'saml', label: 'SAML 2.0' },
            ]}
          />
        </Stack>
      )}
      {kind === 'saml' ? <SamlProviderForm provider={provider} onDone={onDone} /> : <ProviderForm provider={provider} onDone={onDone} />}
    </Stack>
  );
}
