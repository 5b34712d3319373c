import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { FIGURE_DEFINITIONS, FIGURE_KEYS } from './figures';

/** docs/figures.md's table: `data-kpi` name → the label in its first column. */
function documentedLabels(): Map<string, string> {
  const text = readFileSync(resolve(import.meta.dirname, '../../docs/figures.md'), 'utf8');
  const labels = new Map<string, string>();
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const name = /^`([a-z0-9-]+)`$/.exec(cells[2] ?? '')?.[1];
    if (name) labels.set(name, cells[1]!);
  }
  return labels;
}

describe('docs/figures.md', () => {
  it('names every headline figure as the screen does, and no other', () => {
    const documented = documentedLabels();
    expect([...documented.keys()].sort()).toEqual([...FIGURE_KEYS].sort());
    for (const key of FIGURE_KEYS) expect(documented.get(key), key).toBe(FIGURE_DEFINITIONS[key].label);
  });
});
