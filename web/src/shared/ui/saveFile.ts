/**
 * Hands a file made in the browser to the user as a download through a temporary link (works offline,
 * no server round trip). The content is saved as given: a text as UTF-8, bytes as they are (no
 * byte-order mark, no re-encoding).
 */
export function saveFile(fileName: string, content: string | Uint8Array, type: string): void {
  const url = URL.createObjectURL(new Blob([content as string | Uint8Array<ArrayBuffer>], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName, rel: 'noopener' });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
