// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { LargeRequestPanel } from './large-request-panel';

describe('LargeRequestPanel: one wording for every location page', () => {
  it('offers a coarser interval when one is small enough, and loading anyway', async () => {
    const user = userEvent.setup();
    const onCoarser = vi.fn();
    const onProceed = vi.fn();
    render(
      <LargeRequestPanel
        pages={71}
        withComparison
        coarser={{ interval: '30min', pages: 36 }}
        onCoarser={onCoarser}
        onProceed={onProceed}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Large request' });
    expect(within(panel).getByRole('heading').textContent).toBe('This is a large request');
    expect(panel.textContent).toContain(
      'It is about 71 pages of 1000 windows, with the comparison period. At 30 minutes it would be about 36 pages.',
    );
    await user.click(within(panel).getByRole('button', { name: 'Use 30 minutes instead' }));
    expect(onCoarser).toHaveBeenCalledWith('30min');
    await user.click(within(panel).getByRole('button', { name: 'Load all 71 pages anyway' }));
    expect(onProceed).toHaveBeenCalledOnce();
  });

  it('counts the spaces when their series are walked too, and suggests a shorter range when no interval helps', () => {
    render(<LargeRequestPanel pages={120} spaces={4} withComparison={false} onProceed={() => {}} />);
    const panel = screen.getByRole('region', { name: 'Large request' });
    expect(panel.textContent).toContain(
      'It is about 120 pages of 1000 windows for this location and its 4 spaces. A shorter range loads faster.',
    );
    expect(
      within(panel)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Load all 120 pages anyway']);
  });
});
