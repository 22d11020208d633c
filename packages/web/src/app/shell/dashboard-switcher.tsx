import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { DASHBOARDS, dashboardName, type SubscriptionFlags, type ProductKey } from '@netloom/domain';
import { paths } from '@/paths';
import { ProductIcon } from '@/components/product-icon';

/** Switch between the subscribed products' dashboards (spec 000 §2.14). */
export function DashboardSwitcher({ active, flags }: { active: ProductKey | null; flags: SubscriptionFlags | null }) {
  const navigate = useNavigate();
  const available = DASHBOARDS.filter((d) => flags?.[d.key]);
  if (available.length === 0) return null;
  return (
    <Menu position="bottom-start" width={220} shadow="md">
      <Menu.Target>
        <Button
          variant="light"
          color="gray"
          c="var(--mantine-color-text)"
          leftSection={active ? <ProductIcon product={active} /> : undefined}
          rightSection={<IconChevronDown size={14} />}
          // The visible name leads, as WCAG 2.5.3 asks; "Switch dashboard" says what the button does.
          aria-label={`${active ? dashboardName(active) : 'Select dashboard'}: Switch dashboard`}
        >
          {active ? dashboardName(active) : 'Select dashboard'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Dashboards</Menu.Label>
        {available.map((d) => (
          <Menu.Item
            key={d.key}
            leftSection={<ProductIcon product={d.key} size={16} />}
            rightSection={d.key === active ? <IconCheck size={14} /> : null}
            onClick={() => navigate(paths.product.dashboard(d.key))}
          >
            {d.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
