import { useState, type ReactNode } from 'react';

import { ScrollRegion } from './scroll-region';

/**
 * A chart's table to read instead of it, behind a disclosure (`<details>`), in a named scroll region. The table is
 * built only while the disclosure is open: a chart's data arriving builds none of its hidden cells (a year is 8,760
 * rows; a heatmap, 168 cells formatted one by one).
 */
export function TableDisclosure(props: { summary: string; label: string; table: () => ReactNode }) {
  const { summary, label, table } = props;
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && <ScrollRegion label={label}>{table()}</ScrollRegion>}
    </details>
  );
}
