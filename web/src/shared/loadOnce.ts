/** `load`, started on the first call; every later call gets the same promise (a lazily loaded part of the app). */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | null = null;
  return () => (promise ??= load());
}
