import { Anchor, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconDevicesOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { dashboardName, type ProductKey } from '@netloom/domain';
import { paths } from '@/paths';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { ProductIcon } from '@/components/product-icon';
import { useSelectedTenant } from '@/lib/tenant-selection';
import { useCurrentUser } from '@/lib/session/session-store';

/**
 * A product's dashboard. Tiles, map and charts only show once a device exists (spec 000 §2.7);
 * devices arrive with the device issues, so for now every tenant sees the empty device area.
 */
export function ProductDashboardPage({ product }: { product: ProductKey }) {
  const user = useCurrentUser();
  const selected = useSelectedTenant();
  const tenantName = user?.isSuperAdmin ? selected?.tenantname : user?.tenantName;
  const name = dashboardName(product);
  return (
    <>
      <PageHeader title={`${name} Dashboard`} subtitle={tenantName ? `Tenant: ${tenantName}` : undefined} />
      <SimpleGrid cols={1}>
        <Paper withBorder data-testid="device-area">
          <EmptyState
            icon={product === 'ztna' ? <ProductIcon product="ztna" size={32} /> : <IconDevicesOff size={32} stroke={1.5} />}
            title="No Devices Configured"
            description={
              product === 'ztna' ? (
                <>
                  <Text span inherit>
                    Welcome to Zero Trust. Install MicroZAccess on your users’ devices and they will appear here.{' '}
                  </Text>
                  <Anchor component={Link} to={paths.getMicroZAccess} inherit>
                    Download the client app
                  </Anchor>
                </>
              ) : undefined
            }
          />
        </Paper>
      </SimpleGrid>
    </>
  );
}
