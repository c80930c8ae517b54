/**
 * The sign-in page's light e-mail check. Not the shared zod schema: zod and the domain schemas would
 * add ~30 KB to the sign-in page, and the identity service validates the address anyway.
 */
export function looksLikeEmail(text: string): boolean {
  return /^\S+@\S+\.\S+$/.test(text.trim());
}
