import { ApiInventoryPage } from './api-inventory-page';

const SHADOW_AND_ZOMBIE = ['shadow', 'zombie'] as const;

/** QShield › API Security › Shadow API: the inventory's shadow and zombie endpoints. */
export function ShadowApiPage() {
  return <ApiInventoryPage only={SHADOW_AND_ZOMBIE} />;
}
