/** Polls until the probe answers something truthy (every 50 ms); fails after the timeout. */
export async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
