/** Placeholder until the page lands (replaced by its feature's page). */
export function OnboardingPage() {
  return <h1>Onboarding</h1>;
}
