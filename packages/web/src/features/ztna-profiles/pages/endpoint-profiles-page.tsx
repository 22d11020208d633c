/** Placeholder until the page lands (replaced by its feature's page). */
export function EndpointProfilesPage() {
  return <h1>Endpoint Profiles</h1>;
}
