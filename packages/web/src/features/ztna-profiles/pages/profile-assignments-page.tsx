/** Placeholder until the page lands (replaced by its feature's page). */
export function ProfileAssignmentsPage() {
  return <h1>Endpoint profile assignments</h1>;
}
