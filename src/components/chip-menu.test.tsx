// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

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

  it('closes on a press outside it, and stays open on a press inside it', () => {
    const { details } = renderMenu();
    details.open = true;
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
});
