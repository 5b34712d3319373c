/**
 * Lingui's catalogs (docs/development.md, "Words and languages"): English is the source, written in the code with
 * Lingui's macros; German and Japanese are translated in src/locales/{de,ja}.po. `npm run i18n:extract` adds new
 * messages to every catalog; `npm run i18n:check` (part of `npm test`) fails when a catalog lacks a message or a
 * translation, and the build fails on a missing translation too (vite.config.ts).
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'ja'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/test/**'],
    },
  ],
  // No line numbers: a message's place changes with every edit above it, its file rarely.
  format: formatter({ lineNumbers: false }),
});
