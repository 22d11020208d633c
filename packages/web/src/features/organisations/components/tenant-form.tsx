import { useState } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { tenantCreateBodySchema, type SubscriptionName, type Tenant, type TenantCreateBody } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { useFormSubmit } from '@/lib/use-form-submit';
import { SubscriptionPicker } from './subscription-picker';

export interface TenantFormProps {
  /** Edit mode when given; the owner e-mail is asked only when creating. */
  tenant?: Tenant;
  onSubmit: (body: TenantCreateBody) => Promise<unknown>;
  onCancel: () => void;
}

export function TenantForm({ tenant, onSubmit, onCancel }: TenantFormProps) {
  const start = {
    name: tenant?.tenantname ?? '',
    subscriptions: (tenant?.subscriptions ?? []) as SubscriptionName[],
    all_product_access: tenant?.all_product_access ?? false,
    owner_email: '',
  };
  const [v, setV] = useState(start);

  const { errors, formError, busy, submit } = useFormSubmit(tenantCreateBodySchema, onSubmit);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ ...v, owner_email: v.owner_email.trim() || undefined });
      }}
      noValidate
    >
      <Stack gap="md">
        <TextInput label="Tenant name" required value={v.name} error={errors.name} onChange={(e) => setV({ ...v, name: e.currentTarget.value })} />
        <SubscriptionPicker
          value={v.subscriptions}
          allProductAccess={v.all_product_access}
          error={errors.subscriptions}
          onChange={(subscriptions) => setV({ ...v, subscriptions })}
          onAllProductAccess={(all_product_access) => setV({ ...v, all_product_access })}
        />
        {!tenant && (
          <TextInput
            label="Owner e-mail"
            description="Optional: invited as the tenant's first owner"
            value={v.owner_email}
            error={errors.owner_email}
            onChange={(e) => setV({ ...v, owner_email: e.currentTarget.value })}
          />
        )}
        {formError && (
          <Text size="sm" c="red" role="alert">
            {formError}
          </Text>
        )}
      </Stack>
      <ModalFooter mode={tenant ? 'edit' : 'add'} submitType="submit" loading={busy} onCancel={onCancel} onReset={() => setV(start)} />
    </form>
  );
}
