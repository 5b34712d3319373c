/**
 * Escapes text for HTML, as ECharts' `format.encodeHTML` does: every data string in a tooltip formatter (which
 * returns HTML) goes through it, because location names can contain anything.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** Where a message puts values drawn in bold: its placeholders are given these, and `withBold` fills them. */
export const BOLD = ['\u2063', '\u2064'] as const;

/**
 * `message` as HTML, every character escaped, with `values` (escaped too) in bold where the message has BOLD[0],
 * BOLD[1].
 */
export function withBold(message: string, ...values: readonly string[]): string {
  return values.reduce(
    (html, value, index) => html.replace(BOLD[index]!, `<b>${escapeHtml(value)}</b>`),
    escapeHtml(message),
  );
}
