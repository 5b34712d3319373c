// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { LocationRecord } from '../api/schemas';
import { LocationPicker } from './location-picker';
import { ROW_HEIGHT } from './picker-choices';

function loc(location_id: number, name: string, parent_id: number | null = null): LocationRecord {
  return { location_id, name, status: 'active', parent_id, capacity: 10, start_date: null };
}

const RECORDS = [
  loc(10, 'Midtown Transit Center'),
  loc(11, 'Main Concourse', 10),
  loc(20, 'Berlin Office'),
  loc(21, 'Floor 1', 20),
  loc(22, 'Floor 2', 20),
  loc(23, 'Meeting Room Spree', 22),
  loc(24, 'Meeting Room Tiergarten', 22),
  loc(30, 'Harbourside Campus'),
];

function renderPicker(props: { current?: number; records?: readonly LocationRecord[] } = {}) {
  const onChoose = vi.fn<(id: number) => void>();
  const user = userEvent.setup();
  render(<LocationPicker current={props.current ?? 22} records={props.records ?? RECORDS} onChoose={onChoose} />);
  const input = screen.getByRole('combobox', { name: 'Location' });
  return { user, onChoose, input };
}

/** The options rendered, as the text of each (what a screen reader reads, and what a payload would become). */
function optionTexts(): string[] {
  return within(screen.getByRole('listbox', { name: 'Locations' }))
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

function activeOption(input: HTMLElement): HTMLElement {
  const id = input.getAttribute('aria-activedescendant');
  expect(id).toBeTruthy();
  const option = document.getElementById(id!)!;
  expect(option).toHaveProperty('role', 'option');
  return option;
}

function selectedTexts(): string[] {
  return screen
    .getAllByRole('option', { selected: true })
    .map((option) => option.textContent ?? '')
    .filter(Boolean);
}

/** 16 campuses × 4 buildings × 30 spaces, 2,000 in all. */
function manyRecords(): LocationRecord[] {
  const pad = (n: number) => String(n).padStart(2, '0');
  const records: LocationRecord[] = [];
  for (let c = 1; c <= 16; c++) {
    records.push(loc(c * 1000, `Campus ${pad(c)}`));
    for (let b = 1; b <= 4; b++) {
      records.push(loc(c * 1000 + b * 100, `Building ${pad(c)}-${pad(b)}`, c * 1000));
      for (let s = 1; s <= 30; s++) {
        records.push(loc(c * 1000 + b * 100 + s, `Space ${pad(c)}-${pad(b)}-${pad(s)}`, c * 1000 + b * 100));
      }
    }
  }
  return records;
}

describe('LocationPicker', () => {
  it('closed, shows the current location’s name, its ancestors as a description, and no list', () => {
    const { input } = renderPicker({ current: 23 });
    expect(input).toHaveProperty('value', 'Meeting Room Spree');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(document.getElementById(input.getAttribute('aria-controls')!)).toHaveProperty('role', 'listbox');
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe(
      'in Berlin Office › Floor 2',
    );
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('chooses by keyboard: ArrowDown opens on the current location, arrows, Home and End move, Enter chooses', async () => {
    const { user, onChoose, input } = renderPicker({ current: 22 });
    await user.tab();
    expect(document.activeElement).toBe(input);
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    // The whole tree, in order, the names as they are (the depth is padding, not leading spaces).
    expect(optionTexts()).toEqual([
      'Berlin Office',
      'Floor 1',
      'Floor 2',
      'Meeting Room Spree',
      'Meeting Room Tiergarten',
      'Harbourside Campus',
      'Midtown Transit Center',
      'Main Concourse',
    ]);
    const depthOf = (name: string) => screen.getByRole('option', { name }).style.paddingInlineStart;
    expect(new Set([depthOf('Berlin Office'), depthOf('Floor 2'), depthOf('Meeting Room Spree')]).size).toBe(3);
    expect(screen.getByRole('option', { name: 'Floor 2' }).getAttribute('aria-current')).toBe('true');
    expect(activeOption(input).textContent).toBe('Floor 2');
    expect(selectedTexts()).toEqual(['Floor 2']);

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(activeOption(input).textContent).toBe('Meeting Room Spree');
    expect(selectedTexts()).toEqual(['Meeting Room Spree']);
    await user.keyboard('{End}');
    expect(activeOption(input).textContent).toBe('Main Concourse');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(input).textContent).toBe('Main Concourse');
    await user.keyboard('{Home}');
    expect(activeOption(input).textContent).toBe('Berlin Office');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(21);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('chooses by click', async () => {
    const { user, onChoose, input } = renderPicker({ current: 22 });
    await user.click(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('option', { name: 'Meeting Room Tiergarten' }));
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(24);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('the button beside the input opens and closes the list', async () => {
    const { user, input } = renderPicker();
    const toggle = screen.getByRole('button', { name: 'Show locations' });
    await user.click(toggle);
    expect(document.activeElement).toBe(input);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox', { name: 'Locations' })).toBeTruthy();
    await user.click(toggle);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a search keeps the ancestors of each match, dimmed, and makes the first match active', async () => {
    const { user, onChoose, input } = renderPicker({ current: 10 });
    await user.click(input);
    await user.keyboard('spree');
    expect(input).toHaveProperty('value', 'spree');
    expect(optionTexts()).toEqual(['Berlin Office', 'Floor 2', 'Meeting Room Spree']);
    expect(screen.getByRole('option', { name: 'Berlin Office' }).className).toContain('is-context');
    expect(screen.getByRole('option', { name: 'Floor 2' }).className).toContain('is-context');
    expect(screen.getByRole('option', { name: 'Meeting Room Spree' }).className).not.toContain('is-context');
    expect(activeOption(input).textContent).toBe('Meeting Room Spree');
    expect(screen.getByRole('status').textContent).toBe('1 match.');
    // A matching floor keeps its rooms.
    await user.clear(input);
    await user.keyboard('floor 2');
    expect(optionTexts()).toEqual(['Berlin Office', 'Floor 2', 'Meeting Room Spree', 'Meeting Room Tiergarten']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(23);
  });

  it('Escape closes the list and puts the current name back; so does leaving the field', async () => {
    const { user, onChoose, input } = renderPicker({ current: 22 });
    await user.click(input);
    await user.keyboard('tier');
    expect(optionTexts()).toEqual(['Berlin Office', 'Floor 2', 'Meeting Room Tiergarten']);
    await user.keyboard('{Escape}');
    expect(input).toHaveProperty('value', 'Floor 2');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    await user.keyboard('tier');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.tab();
    expect(input).toHaveProperty('value', 'Floor 2');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('a typed number offers “Open location N” first, listed or not, and Enter opens it', async () => {
    const { user, onChoose, input } = renderPicker({ current: 22 });
    await user.click(input);
    await user.keyboard('23');
    const typed = screen.getAllByRole('option')[0]!;
    expect(typed.textContent).toBe('Open location 23 · Meeting Room Spree');
    expect(activeOption(input)).toBe(typed);
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenLastCalledWith(23);

    // Still focused after a choice: a click puts the caret in the name; the user clears it first.
    await user.clear(input);
    await user.keyboard('4711');
    expect(optionTexts()).toEqual(['Open location 4711']);
    await user.click(screen.getByRole('option', { name: 'Open location 4711' }));
    expect(onChoose).toHaveBeenLastCalledWith(4711);
  });

  it('with no records (the landing page), opens a typed number and says when a name matches nothing', async () => {
    const { user, onChoose, input } = renderPicker({ current: 0, records: [] });
    expect(input).toHaveProperty('value', '');
    await user.click(input);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('Berlin');
    expect(screen.getByRole('status').textContent).toBe('No location matches “Berlin”.');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Enter}');
    expect(onChoose).not.toHaveBeenCalled();
    await user.clear(input);
    await user.keyboard(' 12 ');
    expect(optionTexts()).toEqual(['Open location 12']);
    expect(screen.getByRole('status').textContent).toBe('1 match.');
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(12);
  });

  it('says when a search over records matches nothing, and a number too long to be an id is a name', async () => {
    const { user, input } = renderPicker();
    await user.click(input);
    await user.keyboard('zzz');
    expect(screen.getByRole('status').textContent).toBe('No location matches “zzz”.');
    expect(screen.queryByRole('option')).toBeNull();
    await user.clear(input);
    await user.keyboard('99999999999999999999');
    expect(screen.getByRole('status').textContent).toBe('No location matches “99999999999999999999”.');
  });

  it('shows a hostile name as text', async () => {
    const name = '<img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script> \u202Etxt.exe\u202C';
    const { user, input } = renderPicker({ current: 2, records: [loc(1, 'Site'), loc(2, name, 1)] });
    expect(input).toHaveProperty('value', name);
    await user.click(input);
    expect(optionTexts()).toEqual(['Site', name]);
    await user.keyboard('<script>');
    expect(optionTexts()).toEqual(['Site', name]);
    expect(document.querySelector('img, script')).toBeNull();
  });

  describe('with 2,000 locations', () => {
    const records = manyRecords();

    it('renders only the rows in view, and follows the active option and the scroll position', async () => {
      const { user, onChoose, input } = renderPicker({ current: 7312, records });
      await user.click(input);
      const listbox = screen.getByRole('listbox', { name: 'Locations' });
      const options = () => within(listbox).getAllByRole('option');
      expect(options().length).toBeLessThanOrEqual(100);
      // Opened on the current location, scrolled to it.
      expect(activeOption(input).textContent).toBe('Space 07-03-12');
      expect(listbox.scrollTop).toBeGreaterThan(0);
      // The list scrolls as if all 2,000 rows were there: boxes (::before, ::after) above and below the window.
      const above = parseFloat(listbox.style.getPropertyValue('--rows-above'));
      const below = parseFloat(listbox.style.getPropertyValue('--rows-below'));
      expect(above).toBeGreaterThan(0);
      expect(below).toBeGreaterThan(0);
      expect(above + options().length * ROW_HEIGHT + below).toBe(2000 * ROW_HEIGHT);

      await user.keyboard('{End}');
      expect(activeOption(input).textContent).toBe('Space 16-04-30');
      expect(options().length).toBeLessThanOrEqual(100);
      expect(options().at(-1)!.textContent).toBe('Space 16-04-30');
      await user.keyboard('{Home}');
      expect(activeOption(input).textContent).toBe('Campus 01');
      await user.keyboard('{PageDown}');
      expect(activeOption(input).textContent).toBe('Space 01-01-07');

      // Scrolled by the pointer to row 1,000: that row and its neighbours are rendered, and still at most 100.
      listbox.scrollTop = 1000 * ROW_HEIGHT;
      fireEvent.scroll(listbox);
      expect(options().length).toBeLessThanOrEqual(100);
      const ids = options().map((option) => Number(option.dataset.locationId));
      const row1000 = records
        .map((r) => r.location_id)
        .sort((a, b) => a - b)
        .at(1000)!;
      expect(ids).toContain(row1000);
      await user.click(options().find((option) => Number(option.dataset.locationId) === row1000)!);
      expect(onChoose).toHaveBeenCalledExactlyOnceWith(row1000);
    });

    it('a search narrows the list, ancestors kept', async () => {
      const { user, input } = renderPicker({ current: 1000, records });
      await user.click(input);
      await user.keyboard('space 07-03-12');
      expect(optionTexts()).toEqual(['Campus 07', 'Building 07-03', 'Space 07-03-12']);
      await user.clear(input);
      await user.keyboard('space');
      expect(screen.getByRole('status').textContent).toBe('1,920 matches.');
      expect(screen.getAllByRole('option').length).toBeLessThanOrEqual(100);
    });
  });
});
