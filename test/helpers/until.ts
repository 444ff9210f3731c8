/** Polls until `check` answers something truthy, for at most `ms`; then fails the test. */
export async function until<T>(check: () => Promise<T | null> | T | null, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
