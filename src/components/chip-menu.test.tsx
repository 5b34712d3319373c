// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { openChipMenu } from '../test/chip-menus';
import { ChipMenu } from './chip-menu';

function renderMenu() {
  render(
    <div>
      <button type="button">Elsewhere</button>
      <ChipMenu label="More filters">
        <label>
          From hour <input />
        </label>
      </ChipMenu>
    </div>,
  );
  const details = screen.getByRole('group', { name: 'More filters' }).closest('details')!;
  return { details, chip: details.querySelector('summary')! };
}

describe('ChipMenu', () => {
  // The browser tells React that the panel opened in a later task: a key pressed before then (a fast hand, a busy
  // page, a test on a loaded machine) was lost, and the panel stayed open.
  it('closes on Escape pressed at once after it opened, before the browser has said that it toggled', () => {
    const { details, chip } = renderMenu();
    details.open = true;
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(chip);
  });

  it('closes on a press outside it, and stays open on a press inside it', async () => {
    const { details } = renderMenu();
    await openChipMenu('More filters');
    expect(details.open).toBe(true);
    fireEvent.pointerDown(screen.getByLabelText('From hour'));
    expect(details.open).toBe(true);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(details.open).toBe(false);
  });

  it('leaves the focus where it is on Escape while closed', () => {
    const { details } = renderMenu();
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(elsewhere);
  });

  // Its content is rendered when it first opens, not with the page: a closed menu costs nothing.
  it('renders nothing inside its panel until its chip is clicked, and then its content', async () => {
    const { details } = renderMenu();
    const panel = screen.getByRole('group', { name: 'More filters' });
    expect(details.open).toBe(false);
    expect(panel.innerHTML).toBe('');
    expect(screen.queryByLabelText('From hour')).toBeNull();

    await openChipMenu('More filters');
    expect(details.open).toBe(true);
    expect(within(panel).getByLabelText('From hour')).toBeDefined();
  });

  it('keeps what was typed inside it when closed with Escape and opened again', async () => {
    const user = userEvent.setup();
    const { details } = renderMenu();
    await openChipMenu('More filters', user);
    await user.type(screen.getByLabelText('From hour'), '07');

    await user.keyboard('{Escape}');
    expect(details.open).toBe(false);
    await openChipMenu('More filters', user);
    expect(details.open).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('From hour').value).toBe('07');
  });
});
