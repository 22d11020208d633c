import { useState, type ReactNode } from 'react';
import { Button, Modal } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { Tenant } from '@netloom/domain';
import { paths } from '@/paths';
import { confirm } from '@/components/dialogs/confirm';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useDeleteTenant } from '@/features/organisations/api/delete-tenant';
import { useCreateTenant, useUpdateTenant } from '@/features/organisations/api/save-tenant';
import { DeleteTenantForm } from './delete-tenant-form';
import { TenantForm } from './tenant-form';
import { TenantRowMenu } from './tenant-row-menu';

type Dialog = { kind: 'create' } | { kind: 'edit'; tenant: Tenant } | { kind: 'delete'; tenant: Tenant } | null;

/** The super admin's tenant administration: Create tenant, and per tenant edit, monitor, suspend, delete. */
export function useTenantAdmin(): { createButton: ReactNode; rowActions: (t: Tenant) => ReactNode; dialogs: ReactNode } {
  const [dialog, setDialog] = useState<Dialog>(null);
  const navigate = useNavigate();
  const create = useCreateTenant();
  const update = useUpdateTenant();
  const remove = useDeleteTenant();
  const close = () => setDialog(null);

  const suspend = async (t: Tenant, suspended: boolean) => {
    const ok = await confirm({
      title: suspended ? `Suspend ${t.tenantname}?` : `Resume ${t.tenantname}?`,
      message: suspended ? 'Its users cannot sign in and its devices are refused until it is resumed.' : 'Its users can sign in again.',
      confirmLabel: suspended ? 'Suspend' : 'Resume',
      cancelLabel: 'Cancel',
      danger: suspended,
    });
    if (ok) update.mutate({ id: t.id, suspended }, { onSuccess: () => toast.edited('Tenant'), onError: (e) => toast.error(formErrorMessage(e)) });
  };

  const title = dialog?.kind === 'create' ? 'Create tenant' : dialog?.kind === 'edit' ? `Edit ${dialog.tenant.tenantname}` : dialog ? 'Delete tenant' : '';
  return {
    createButton: (
      <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
        Create tenant
      </Button>
    ),
    rowActions: (t) => (
      <TenantRowMenu
        tenant={t}
        onEdit={() => setDialog({ kind: 'edit', tenant: t })}
        onMonitor={() => navigate(paths.superAdmin.monitor(t.id))}
        onSuspend={(s) => void suspend(t, s)}
        onDelete={() => setDialog({ kind: 'delete', tenant: t })}
      />
    ),
    dialogs: (
      <Modal opened={dialog !== null} onClose={close} withCloseButton={false} centered size="lg">
        <ModalHeader title={title} onClose={close} />
        {dialog?.kind === 'create' && (
          <TenantForm
            onCancel={close}
            onSubmit={async (body) => {
              await create.mutateAsync(body);
              toast.success('Tenant');
              close();
            }}
          />
        )}
        {dialog?.kind === 'edit' && (
          <TenantForm
            tenant={dialog.tenant}
            onCancel={close}
            onSubmit={async ({ name, subscriptions, all_product_access }) => {
              await update.mutateAsync({ id: dialog.tenant.id, name, subscriptions, all_product_access });
              toast.edited('Tenant');
              close();
            }}
          />
        )}
        {dialog?.kind === 'delete' && (
          <DeleteTenantForm
            tenant={dialog.tenant}
            onCancel={close}
            onDelete={async (typed) => {
              await remove.mutateAsync({ id: dialog.tenant.id, confirm: typed });
              toast.deleted('Tenant');
              close();
            }}
          />
        )}
      </Modal>
    ),
  };
}
