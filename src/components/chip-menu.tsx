/**
 * A chip that opens a small panel below it: the toolbar's "More filters" (hours, days, closed hours, with a summary
 * of what applies) and its overflow ("More": copy link, pin, export, compare). A native disclosure (`<details>`); it
 * closes on a click elsewhere and on Escape, which returns the focus to the chip. A panel that would run off the
 * screen's edge lines up with the chip's other edge.
 *
 * What is inside is rendered when the panel first opens, not with the page: every location page has three of these
 * (the date range's calendar alone is over a hundred elements), and the first screen needs none of it. Once open, it
 * stays mounted, so it keeps its in-progress input while closed. The chip's click renders it before the browser
 * opens the panel, so it never opens empty.
 */
import './chip-menu.css';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface ChipMenuProps {
  /** The chip's words, and the name of the panel it opens. */
  label: string;
  /** What applies now, beside the label ("07:00–20:00 · Mon–Fri"). */
  summary?: ReactNode;
  /** The label is for screen readers only: the summary says it all on screen (the date range: "Last 7 days"). */
  hideLabel?: boolean;
  /** Which edge of the chip the panel lines up with: the toolbar's last chips open leftwards. */
  align?: 'start' | 'end';
  className?: string;
  children: ReactNode;
}

export function ChipMenu({ label, summary, hideLabel, align = 'start', className, children }: ChipMenuProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  // The edge the panel lines up with, turned when the asked one would push it off the screen.
  const [edge, setEdge] = useState(align);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const box = panel.getBoundingClientRect();
    const screen = document.documentElement.clientWidth;
    if (align === 'start' && box.right > screen) setEdge('end');
    else if (align === 'end' && box.left < 0) setEdge('start');
    return () => setEdge(align);
  }, [open, align]);

  // Installed with the element, not when React hears that it opened: the browser says so in a later task, and a key
  // pressed before then would be lost.
  useLayoutEffect(() => {
    const details = ref.current;
    if (!details) return;
    const closeOutside = (event: PointerEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (details.open && event.key === 'Escape') closeMenu(details);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, []);

  return (
    <details
      ref={ref}
      className={['chip-menu', className].filter(Boolean).join(' ')}
      data-align={edge}
      onToggle={(event) => {
        setOpen(event.currentTarget.open);
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary className="chip" onClick={() => setOpened(true)}>
        <span className={hideLabel ? 'visually-hidden' : 'chip-label'}>{label}</span>
        {summary !== undefined && <span className="chip-summary">{summary}</span>}
        <span className="chip-caret" aria-hidden="true" />
      </summary>
      <div ref={panelRef} className="chip-menu-panel" role="group" aria-label={label}>
        {opened && children}
      </div>
    </details>
  );
}

/** Closes the chip's panel that holds `element` (after a choice that ends the task), giving the focus to its chip. */
export function closeChipMenu(element: Element | null) {
  closeMenu(element?.closest<HTMLDetailsElement>('details.chip-menu') ?? null);
}

function closeMenu(details: HTMLDetailsElement | null) {
  if (!details) return;
  details.open = false;
  details.querySelector('summary')?.focus();
}
