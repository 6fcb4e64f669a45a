/**
 * Copies `text`. The clipboard API exists only in secure contexts (https, localhost), not on
 * plain http to a LAN address, which is how most gateways are reached; there the text area's
 * own selection is copied the old way.
 */
export async function copyText(text: string, fallbackSource: HTMLTextAreaElement | null) {
  if (window.isSecureContext && typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused: the selection route below may still work.
    }
  }
  if (!fallbackSource) return false;
  try {
    fallbackSource.focus();
    fallbackSource.select();
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
