/**
 * Waits for a condition instead of a number of tries: `probe` is asked again until it returns a value (not
 * undefined, null or false) or the deadline passes, then fails saying what it waited for and what it saw
 * last. Tests that wait this way pass as soon as the thing happens and fail only when it never does.
 */
export async function waitUntil<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  what: string,
  opts: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
      last = value;
    } catch (err) {
      last = err;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `timed out waiting for ${what} (last: ${last instanceof Error ? last.message : String(last)})`,
      );
    }
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 50));
  }
}
