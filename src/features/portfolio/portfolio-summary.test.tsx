// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '../../lib/router/router';
import { describe, expect, it } from 'vitest';

import { PORTFOLIO_SUMMARY_KEYS, type PortfolioSummary, type PortfolioSummaryKey } from '../../analysis/portfolio';
import { portfolioSummaryDefinitions } from './summary-definitions';
import { PortfolioSummaryPanel, summaryCards } from './portfolio-summary';

const BANDS = { underUsedBelow: 0.3, nearFullAt: 0.85 };

const SUMMARY: PortfolioSummary = {
  spaces: 9,
  loaded: 9,
  underUsed: 1,
  nearFull: 8,
  capacity: 4_118,
  rightSize: 3_890,
  toRelease: 300,
  short: 72,
  withGaps: 4,
  silent: 1,
  busiest: { locationId: 21, name: 'Open Workspace, Floor 1', averageUtilization: 0.516 },
  emptiest: { locationId: 10, name: 'Main Concourse', averageUtilization: 0.252 },
};

describe('summaryCards', () => {
  it('gives each figure of the summary its value, its words and its definition, in order', () => {
    const cards = summaryCards(SUMMARY, BANDS);
    expect(cards.map((card) => card.name)).toEqual([...PORTFOLIO_SUMMARY_KEYS]);
    const byName = Object.fromEntries(cards.map((card) => [card.name, card]));
    expect(byName['under-used-spaces']).toMatchObject({
      label: 'Under 30.0 % on average',
      value: 1,
      text: { value: '1', detail: 'of 9 spaces' },
    });
    expect(byName['near-full-spaces']).toMatchObject({
      label: '85.0 % or more at peak',
      value: 8,
      text: { value: '8', detail: 'of 9 spaces' },
    });
    expect(byName['places-needed']).toMatchObject({
      value: 3_890,
      text: { value: '3,890', detail: 'of 4,118 places' },
    });
    expect(byName['places-to-release']).toMatchObject({ value: 300, text: { value: '300', detail: 'places' } });
    expect(byName['places-short']).toMatchObject({ value: 72, text: { value: '72', detail: 'places' } });
    expect(byName['spaces-with-gaps']).toMatchObject({ value: 4 });
    expect(byName['spaces-with-gaps']!.text.detail).toMatch(/of 9 spaces\W+1 silent for more than a day/);
    expect(byName['busiest-space']).toMatchObject({ value: 0.516, text: { value: '51.6 %' }, space: SUMMARY.busiest });
    expect(byName['emptiest-space']).toMatchObject({ value: 0.252, text: { value: '25.2 %' } });
    const definitions = portfolioSummaryDefinitions(BANDS);
    for (const card of cards) expect(card.definition).toBe(definitions[card.name as PortfolioSummaryKey].definition);
    expect(cards.map((card) => card.name)).not.toContain('release-cost');
    expect(cards.map((card) => card.text.value).join(' ')).not.toMatch(/[€$£¥]/);
  });

  it('prices the places to release with a cost per place, right after them, in the configured currency', () => {
    const cards = summaryCards(SUMMARY, BANDS, { currency: 'EUR', perPlace: 1048 });
    const at = cards.findIndex((card) => card.name === 'places-to-release');
    expect(cards[at + 1]).toMatchObject({ name: 'release-cost', value: 314_400, text: { value: '€314,400 a year' } });
  });

  it('counts what has loaded so far, and says one space as one', () => {
    const cards = summaryCards({ ...SUMMARY, loaded: 1, underUsed: 0, nearFull: 1 }, BANDS);
    expect(cards[0]!.text).toEqual({ value: '0', detail: 'of 1 space' });
  });

  it('shows a dash, no number, for what is not known yet', () => {
    const cards = summaryCards(
      {
        ...SUMMARY,
        loaded: 0,
        underUsed: 0,
        nearFull: 0,
        capacity: 0,
        rightSize: 0,
        toRelease: 0,
        short: 0,
        busiest: null,
        emptiest: null,
      },
      BANDS,
    );
    for (const card of cards) {
      expect(card.value, card.name).toBeNull();
      expect(card.text, card.name).toEqual({ value: '—', detail: 'loading' });
    }
  });

  it('names the configured bands', () => {
    const [under, near] = summaryCards(SUMMARY, { underUsedBelow: 0.25, nearFullAt: 0.9 });
    expect(under!.label).toBe('Under 25.0 % on average');
    expect(near!.label).toBe('90.0 % or more at peak');
  });
});

describe('PortfolioSummaryPanel', () => {
  it('shows the figures as cards with their raw values, definitions and the spaces’ pages', () => {
    render(
      <MemoryRouter>
        <PortfolioSummaryPanel summary={SUMMARY} bands={BANDS} linkSearch="?range=30d" cost={null} />
      </MemoryRouter>,
    );
    const panel = screen.getByRole('region', { name: 'Portfolio summary' });
    expect(within(panel).getByRole('heading').textContent).toBe('At a glance · 9 spaces');
    const values = [...panel.querySelectorAll('[data-kpi]')].map((card) => [
      card.getAttribute('data-kpi'),
      card.getAttribute('data-value'),
    ]);
    expect(values).toEqual([
      ['under-used-spaces', '1'],
      ['near-full-spaces', '8'],
      ['places-needed', '3890'],
      ['places-to-release', '300'],
      ['places-short', '72'],
      ['spaces-with-gaps', '4'],
      ['busiest-space', '0.516'],
      ['emptiest-space', '0.252'],
    ]);
    // Each card is reached by the keyboard, its definition its description.
    const under = panel.querySelector<HTMLElement>('[data-kpi="under-used-spaces"]')!;
    expect(under.tabIndex).toBe(0);
    const description = document.getElementById(under.getAttribute('aria-describedby')!)!;
    expect(description.textContent).toContain(portfolioSummaryDefinitions(BANDS)['under-used-spaces'].definition);
    expect(within(panel).getByRole('link', { name: 'Open Workspace, Floor 1' }).getAttribute('href')).toBe(
      '/locations/21/utilization?range=30d',
    );
    expect(within(panel).getByRole('link', { name: 'Main Concourse' }).getAttribute('href')).toBe(
      '/locations/10/utilization?range=30d',
    );
  });

  it('says how many spaces it has counted while the rest load, and when none is listed', () => {
    const { unmount } = render(
      <MemoryRouter>
        <PortfolioSummaryPanel summary={{ ...SUMMARY, loaded: 4 }} bands={BANDS} linkSearch="" cost={null} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading').textContent).toBe('At a glance · so far 4 of 9 spaces, the rest loading');
    // Busy for assistive technology while what it says is so far; not once every space is in.
    expect(screen.getByRole('region', { name: 'Portfolio summary' }).getAttribute('aria-busy')).toBe('true');
    unmount();
    render(
      <MemoryRouter>
        <PortfolioSummaryPanel summary={SUMMARY} bands={BANDS} linkSearch="" cost={null} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('region', { name: 'Portfolio summary' }).getAttribute('aria-busy')).toBe('false');
    cleanup();
    render(
      <MemoryRouter>
        <PortfolioSummaryPanel
          summary={{ ...SUMMARY, spaces: 0, loaded: 0, busiest: null, emptiest: null }}
          bands={BANDS}
          linkSearch=""
          cost={null}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('No space is listed.')).toBeTruthy();
    expect(document.querySelectorAll('[data-kpi]')).toHaveLength(0);
  });
});
