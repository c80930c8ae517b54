/**
 * Resolves when `condition` holds (checked every 50 ms). After `ms` it fails with what `describe()`
 * says of the state, so a wait that never ends names what it waited for instead of timing out the test.
 */
export async function until(
  condition: () => boolean,
  describe: () => string = () => 'the condition',
  ms = 60_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not reached in ${ms / 1000} s: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
