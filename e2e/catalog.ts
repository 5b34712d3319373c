/**
 * The interface's catalogs as the tests read them (src/locales/{de,ja}.po): a test names a control by its English
 * message and finds it by the translation the page shows, so a reworded translation does not break the test, and a
 * message the catalog lacks fails it loudly.
 */
import { readFileSync } from 'node:fs';

export type Translated = 'de' | 'ja';

/** The PO string on this line and the continuation lines after it, unescaped. */
function poString(lines: readonly string[], at: number, keyword: string): string {
  let text = JSON.parse(lines[at]!.slice(keyword.length + 1)) as string;
  for (let i = at + 1; lines[i]?.startsWith('"'); i++) text += JSON.parse(lines[i]!) as string;
  return text;
}

const catalogs = new Map<Translated, Map<string, string>>();

/** Every message of a language's catalog: English → translation. */
export function catalog(language: Translated): Map<string, string> {
  const known = catalogs.get(language);
  if (known) return known;
  const lines = readFileSync(new URL(`../src/locales/${language}.po`, import.meta.url), 'utf8').split('\n');
  const messages = new Map<string, string>();
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('msgid ')) continue;
    const id = poString(lines, i, 'msgid');
    const at = lines.findIndex((line, j) => j > i && line.startsWith('msgstr '));
    if (id !== '') messages.set(id, poString(lines, at, 'msgstr'));
  }
  catalogs.set(language, messages);
  return messages;
}

/**
 * The translation of an English message, its simple placeholders (`{places}`) filled from `values`; throws when the
 * catalog lacks it.
 */
export function say(language: Translated, english: string, values: Record<string, string> = {}): string {
  const translation = catalog(language).get(english);
  if (!translation) throw new Error(`src/locales/${language}.po has no translation of "${english}"`);
  return translation.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
