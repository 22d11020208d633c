/** Placeholder until the page lands (replaced by its feature's page). */
export function DnsPage() {
  return <h1>DNS</h1>;
}
