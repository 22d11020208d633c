/** Placeholder until the page lands (replaced by its feature's page). */
export function ClientUpdatesPage() {
  return <h1>MicroZAccess updates</h1>;
}
