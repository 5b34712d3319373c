/**
 * The import rules of `.dependency-cruiser.cjs`, which `npm run lint` checks, fail on the trees in lint-fixtures/ that
 * break them, each for its own rule, and pass on one that breaks none.
 */
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

import { cruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const config = createRequire(import.meta.url)(resolve(ROOT, '.dependency-cruiser.cjs')) as IConfiguration;

/** The rules a fixture's tree breaks. */
async function broken(fixture: string): Promise<string[]> {
  const result = await cruise(
    ['src'],
    {
      baseDir: resolve(ROOT, 'lint-fixtures', fixture),
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      tsPreCompilationDeps: true,
      moduleSystems: ['es6'],
    },
    { extensions: ['.ts', '.tsx'] },
  );
  if (typeof result.output === 'string') throw new Error('dependency-cruiser gave text, not results');
  return [...new Set(result.output.summary.violations.map((violation) => violation.rule.name))];
}

describe('the import rules', () => {
  it('refuse a feature importing another', async () => {
    expect(await broken('feature-to-feature')).toEqual(['feature-to-feature']);
  });

  it('refuse a cycle, even of type-only imports', async () => {
    expect(await broken('type-cycle')).toEqual(['no-cycles']);
  });

  it('refuse a file deep inside a layer importing a layer above it', async () => {
    expect(await broken('deep-layer')).toEqual(['layer-lib']);
  });

  it('accept imports that flow one way', async () => {
    expect(await broken('clean')).toEqual([]);
  });
});
