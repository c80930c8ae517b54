/** The part of an endpoint's state a view waits on (an RTK Query result has these fields). */
interface ReadState {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * Reads a view needs all of, as one state for `DataGate`: loading until every one has arrived,
 * failed when any failed (with the first failure's error), and a retry that reads them all again.
 */
export function queriesTogether(...reads: ReadState[]) {
  return {
    isLoading: reads.some((r) => r.isLoading),
    isError: reads.some((r) => r.isError),
    error: reads.find((r) => r.isError)?.error,
    refetch: () => reads.forEach((r) => void r.refetch()),
  };
}
