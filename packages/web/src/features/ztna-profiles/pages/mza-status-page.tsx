/** Placeholder until the page lands (replaced by its feature's page). */
export function MzaStatusPage() {
  return <h1>Endpoint Status</h1>;
}
