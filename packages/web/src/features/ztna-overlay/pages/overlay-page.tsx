/** Placeholder until the page lands (replaced by its feature's page). */
export function OverlayPage() {
  return <h1>Overlay</h1>;
}
