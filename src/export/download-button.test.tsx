// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { DownloadButton } from './download-button';

/** The accessible description: the text of what aria-describedby names. */
function description(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('<DownloadButton>', () => {
  it('while unavailable: stays in the tab order, disabled, says why, and does nothing when pressed', async () => {
    const user = userEvent.setup();
    const onDownload = vi.fn();
    render(<DownloadButton label="Download CSV" unavailable="The data is still loading." onDownload={onDownload} />);
    const button = screen.getByRole('button', { name: 'Download CSV' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(description(button)).toBe('The data is still loading.');
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(onDownload).not.toHaveBeenCalled();
  });

  it('when available: Enter makes the file', async () => {
    const user = userEvent.setup();
    const onDownload = vi.fn();
    render(<DownloadButton label="Download CSV" unavailable={null} onDownload={onDownload} />);
    const button = screen.getByRole('button', { name: 'Download CSV' });
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onDownload).toHaveBeenCalledTimes(1);
  });

  it('says when the file could not be made, and is busy while it is being made', async () => {
    const user = userEvent.setup();
    let fail!: (error: Error) => void;
    const onDownload = () => new Promise<void>((_, reject) => (fail = reject));
    render(<DownloadButton label="Download CSV" unavailable={null} onDownload={onDownload} />);
    const button = screen.getByRole('button', { name: 'Download CSV' });
    await user.click(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(description(button)).toBe('Preparing the file…');
    fail(new Error('the walk failed'));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not make the file: the walk failed');
    expect(button.hasAttribute('aria-disabled')).toBe(false);
  });
});
