import { IconActivity, IconCpu, IconRadar, IconRouter, IconShieldLock, IconUserCheck, IconWall, type Icon } from '@tabler/icons-react';
import type { ProductKey } from '@netloom/domain';

const ICONS: Record<ProductKey, Icon> = {
  sdwan: IconRouter,
  ztna: IconShieldLock,
  ndr: IconRadar,
  waf: IconWall,
  rum: IconUserCheck,
  dem: IconActivity,
  'iot-gateway': IconCpu,
};

export function ProductIcon({ product, size = 18 }: { product: ProductKey; size?: number }) {
  const Cmp = ICONS[product];
  return <Cmp size={size} stroke={1.6} />;
}
