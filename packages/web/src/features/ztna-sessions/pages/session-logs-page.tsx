/** Placeholder until the page lands (replaced by its feature's page). */
export function SessionLogsPage() {
  return <h1>ZTNA session logs</h1>;
}
