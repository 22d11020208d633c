import { useState } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { tenantCreateBodySchema, type SubscriptionName, type Tenant, type TenantCreateBody } from '@netloom/domain';
import { ModalFooter } from '../../../components/dialogs/modal-footer';
import { formErrorMessage, serverFieldErrors, validateForm, type FormErrors } from '../../../lib/forms';
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
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const checked = validateForm(tenantCreateBodySchema, { ...v, owner_email: v.owner_email.trim() || undefined });
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      await onSubmit(checked.data);
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setFormError(formErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
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
