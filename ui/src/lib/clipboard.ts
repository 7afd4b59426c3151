/**
 * Copies `text` to the clipboard. Webviews without the async clipboard (or
 * refusing it) fall back to selecting `shown`, the element that shows the
 * text, and copying the selection.
 */
export async function copyText(text: string, shown: HTMLElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const range = document.createRange();
    range.selectNodeContents(shown);
    const sel = window.getSelection();
    sel?.removeAllRanges();
    sel?.addRange(range);
    document.execCommand("copy");
  }
}
