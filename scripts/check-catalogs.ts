/**
 * Fails (exit 1) when a catalog of src/locales/ misses a message the code uses, keeps one it no longer uses, lacks a
 * translation, or translates a message with other placeholders than the English has; and when a message does not
 * compile. Reads the code and the catalogs, writes nothing (`npm run i18n:extract` brings the catalogs up to date).
 * Part of `npm test` (`npm run i18n:check`); the build refuses a missing translation as well (vite.config.ts).
 */
import { relative } from 'node:path';

import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { parse, type Token } from '@messageformat/parser';

/** The names of a message's placeholders, read by the ICU parser: `{count}`, `{count, plural, …}` → `count`. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const branch of token.cases) visit(branch.tokens);
      }
    }
  };
  visit(parse(message));
  return [...names].sort();
}

const config = getConfig();
const sourceLocale = config.sourceLocale ?? 'en';
const problems: string[] = [];
for (const catalog of await getCatalogs(config)) {
  const used = (await catalog.collect()) ?? {};
  const all = await catalog.readAll();
  for (const locale of config.locales) {
    const file = relative(config.rootDir ?? '.', catalog.getFilename(locale));
    const read = all[locale] ?? {};
    for (const [id, { message }] of Object.entries(used)) {
      const entry = read[id];
      const english = message ?? id;
      if (entry === undefined || entry.obsolete) problems.push(`${file}: lacks "${english}" (npm run i18n:extract)`);
      else if (locale !== sourceLocale) {
        if (!entry.translation) problems.push(`${file}: no translation of "${english}"`);
        else if (placeholders(entry.translation).join() !== placeholders(english).join()) {
          problems.push(`${file}: "${entry.translation}" has other placeholders than "${english}"`);
        }
      }
    }
    for (const [id, entry] of Object.entries(read)) {
      if (!(id in used) && !entry.obsolete)
        problems.push(`${file}: "${entry.message ?? id}" is no longer used (npm run i18n:extract)`);
    }
    const { messages } = await catalog.getTranslations(locale, {
      sourceLocale,
      fallbackLocales: config.fallbackLocales ?? {},
    });
    const { errors } = createCompiledCatalog(locale, messages, { namespace: 'es' });
    for (const { id, source, error } of errors)
      problems.push(`${file}: "${source ?? id}" does not compile: ${String(error)}`);
  }
}

if (problems.length > 0) {
  console.error(`The catalogs are not in step with the code:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(`Catalogs complete: ${config.locales.join(', ')}.`);
