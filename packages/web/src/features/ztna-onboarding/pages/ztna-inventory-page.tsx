/** Placeholder until the page lands (replaced by its feature's page). */
export function ZtnaInventoryPage() {
  return <h1>Inventory</h1>;
}
