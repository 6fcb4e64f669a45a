/** Makes the browser save `blob` as `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; free it once the click is handled.
  window.setTimeout(() => URL.revokeObjectURL(href), 1000);
}
