// The benches' command-line options, read one way by every bench script: `--name value` and bare
// `--flag`. Plain JavaScript, shared by the benches under tests/e2e/bench and tests/functions/bench.

const args = process.argv.slice(2);

/**
 * The value after `--name`, else `fallback`.
 * @template T
 * @param {string} name
 * @param {T} fallback
 * @returns {string | T}
 */
export function option(name, fallback) {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
}

/** Whether `--name` was given. */
export const flag = (name) => args.includes(`--${name}`);
