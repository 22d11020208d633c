/** Placeholder until the page lands (replaced by its feature's page). */
export function NacPage() {
  return <h1>NAC</h1>;
}
