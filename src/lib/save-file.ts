/** Hands a file made in the page to the browser's downloads, under the given name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the download reads the blob after this task returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
