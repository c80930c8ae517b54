/** Query parameter that carries the page a signed-out visitor wanted, through the sign-in page. */
export const NEXT_PARAM = 'next';

/** Only same-origin app paths may be a post-sign-in target (no `//evil.example`, no absolute URLs). */
export function safeNextPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
