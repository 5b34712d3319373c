/**
 * Escapes text for HTML, as ECharts' `format.encodeHTML` does: every data string in a tooltip formatter (which
 * returns HTML) goes through it, because location names can contain anything.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}
