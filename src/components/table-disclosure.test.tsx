// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { TableDisclosure } from './table-disclosure';

function toggle(details: HTMLDetailsElement, open: boolean) {
  details.open = open;
  fireEvent(details, new Event('toggle'));
}

describe('TableDisclosure', () => {
  it('builds its table only while open, in a named region', () => {
    const table = vi.fn(() => (
      <table>
        <tbody>
          <tr>
            <td>42.0 %</td>
          </tr>
        </tbody>
      </table>
    ));
    const { container } = render(
      <TableDisclosure summary="Busiest times as a table" label="Busiest times table" table={table} />,
    );
    const details = container.querySelector('details')!;
    expect(screen.getByText('Busiest times as a table')).toBeTruthy();
    expect(table).not.toHaveBeenCalled();
    expect(screen.queryByRole('cell')).toBeNull();

    toggle(details, true);
    expect(screen.getByRole('region', { name: 'Busiest times table' })).toBeTruthy();
    expect(screen.getByRole('cell').textContent).toBe('42.0 %');

    toggle(details, false);
    expect(screen.queryByRole('region', { name: 'Busiest times table' })).toBeNull();
  });
});
