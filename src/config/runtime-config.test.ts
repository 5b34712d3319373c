import { describe, expect, it } from 'vitest';

import { loadRuntimeConfig, placeCost } from './runtime-config';

const serve =
  (body: unknown, status = 200) =>
  async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      statusText: status === 200 ? 'OK' : 'Not Found',
    });

describe('loadRuntimeConfig', () => {
  it('reads a minimal config and fills in the defaults', async () => {
    const result = await loadRuntimeConfig('config.json', serve({ apiBaseUrl: '/v2' }));
    expect(result).toEqual({
      ok: true,
      config: {
        apiBaseUrl: '/v2',
        locations: [],
        dwellTimeUnit: 'minutes',
        defaultRange: '7d',
        utilizationTarget: { low: 0.6, high: 0.8 },
        portfolioBands: { underUsedBelow: 0.3, nearFullAt: 0.85 },
      },
    });
  });

  it('refuses a utilization target whose low end is above its high end', async () => {
    const result = await loadRuntimeConfig(
      'config.json',
      serve({ apiBaseUrl: '/v2', utilizationTarget: { low: 0.9, high: 0.5 } }),
    );
    expect(result).toMatchObject({ ok: false, problems: ['utilizationTarget: low must be at or below high'] });
  });

  it('names each field that is wrong, a default range that is no preset among them', async () => {
    const result = await loadRuntimeConfig(
      'config.json',
      serve({
        apiBaseUrl: '',
        defaultRange: 'last-week',
        dwellTimeUnit: 'hours',
        locations: [{ id: 1, timeZone: 'Mars/Olympus' }],
      }),
    );
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems.join('\n');
    for (const field of ['apiBaseUrl', 'defaultRange', 'dwellTimeUnit', 'locations.0.timeZone'])
      expect(problems).toContain(field);
  });

  it('takes a currency and a yearly cost per place, and refuses a code that is no currency or a negative cost', async () => {
    const good = await loadRuntimeConfig(
      'config.json',
      serve({ apiBaseUrl: '/v2', currency: 'EUR', costPerPlacePerYear: 1200 }),
    );
    expect(good.ok && placeCost(good.config)).toEqual({ currency: 'EUR', perPlace: 1200 });
    const bad = await loadRuntimeConfig(
      'config.json',
      serve({ apiBaseUrl: '/v2', currency: 'eur', costPerPlacePerYear: -1 }),
    );
    const problems = bad.ok ? '' : bad.problems.join('\n');
    expect(problems).toContain('currency');
    expect(problems).toContain('costPerPlacePerYear');
    const unknown = await loadRuntimeConfig('config.json', serve({ apiBaseUrl: '/v2', currency: 'XQZ' }));
    expect(unknown).toMatchObject({ ok: false, problems: ['currency: not a currency'] });
  });

  it('shows no money unless both the currency and the cost are set', async () => {
    expect(placeCost({ currency: 'EUR' })).toBeNull();
    expect(placeCost({ costPerPlacePerYear: 5 })).toBeNull();
  });

  it('says when the file is missing or not JSON', async () => {
    expect(await loadRuntimeConfig('config.json', serve('nope', 404))).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('404')],
    });
    expect(await loadRuntimeConfig('config.json', serve('<html>'))).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('JSON')],
    });
  });
});
