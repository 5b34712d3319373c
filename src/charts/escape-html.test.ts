import { describe, expect, it } from 'vitest';

import { escapeHtml } from '../lib/escape-html';
import { echarts } from './echarts';

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`Café "Le <Petit> & Co" 'x'`)).toBe('Café &quot;Le &lt;Petit&gt; &amp; Co&quot; &#39;x&#39;');
  });

  it('agrees with ECharts’ own encodeHTML', () => {
    const samples = ['<img src=x onerror=alert(1)>', 'a & b', `"'`, 'plain'];
    for (const sample of samples) expect(escapeHtml(sample)).toBe(echarts.format.encodeHTML(sample));
  });
});
