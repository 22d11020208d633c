import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconLifebuoy, IconListSearch, IconTicket } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '@/paths';

/** The header's support menu (spec 000 §2.x header): Raise a Ticket, Track Status. */
export function SupportMenu() {
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label="Support">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Support">
            <IconLifebuoy size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconTicket size={16} />} onClick={() => void navigate(paths.tickets.raise)}>
          Raise a Ticket
        </Menu.Item>
        <Menu.Item leftSection={<IconListSearch size={16} />} onClick={() => void navigate(paths.tickets.track)}>
          Track Status
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
