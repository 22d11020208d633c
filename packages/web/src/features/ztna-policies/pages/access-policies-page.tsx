/** Placeholder until the page lands (replaced by its feature's page). */
export function AccessPoliciesPage() {
  return <h1>Policies</h1>;
}
