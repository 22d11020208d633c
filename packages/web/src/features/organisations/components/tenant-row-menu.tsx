import { ActionIcon, Menu } from '@mantine/core';
import { IconActivity, IconDots, IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import type { Tenant } from '@netloom/domain';

export interface TenantRowMenuProps {
  tenant: Tenant;
  onEdit: () => void;
  onMonitor: () => void;
  onSuspend: (suspended: boolean) => void;
  onDelete: () => void;
}

export function TenantRowMenu({ tenant, onEdit, onMonitor, onSuspend, onDelete }: TenantRowMenuProps) {
  return (
    // A click here must not also open the tenant (the row's own click).
    <div onClick={(e) => e.stopPropagation()}>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Manage ${tenant.tenantname}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
            Edit
          </Menu.Item>
          <Menu.Item leftSection={<IconActivity size={14} />} onClick={onMonitor}>
            Monitor
          </Menu.Item>
          <Menu.Item leftSection={tenant.suspended ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />} onClick={() => onSuspend(!tenant.suspended)}>
            {tenant.suspended ? 'Resume' : 'Suspend'}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
