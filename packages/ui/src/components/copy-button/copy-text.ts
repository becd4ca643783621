/**
 * Copies `text` to the clipboard. Uses the async Clipboard API where the page may, and falls back
 * to a hidden textarea with `document.execCommand('copy')` (insecure origins, older browsers,
 * permission refusals). Resolves when the text was copied; rejects when neither way worked.
 */
export async function copyText(text: string, doc: Document = document): Promise<void> {
  const clipboard = doc.defaultView?.navigator.clipboard;
  if (clipboard?.writeText) {
    try {
      await clipboard.writeText(text);
      return;
    } catch {
      // Permission denied or not focused: try the fallback below.
    }
  }
  if (!copyWithTextarea(text, doc)) {
    throw new Error('The browser did not allow copying to the clipboard.');
  }
}

function copyWithTextarea(text: string, doc: Document): boolean {
  const active = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '0';
  area.style.opacity = '0';
  area.style.pointerEvents = 'none';
  doc.body.appendChild(area);
  try {
    area.focus({ preventScroll: true });
    area.select();
    area.setSelectionRange(0, text.length);
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    active?.focus();
  }
}
