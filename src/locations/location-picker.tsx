/**
 * Choose a location: a combobox (the WAI-ARIA 1.2 pattern with a listbox popup) over the server's list as a tree,
 * or the configured list. Typing filters by name, keeping each match's ancestors (dimmed) for context; a typed
 * whole number offers “Open location N”, listed or not, so an id the list does not hold can still be opened.
 *
 * Customers list 1,500 locations and more: the listbox renders only the rows in view (a fixed row height, a few
 * dozen elements), and the tree is built once per `records` array.
 *
 * Focus stays in the input; the active option is `aria-activedescendant`, and it is the one with
 * `aria-selected="true"` (selection follows focus, as in the APG's examples); the current location has
 * `aria-current`.
 */
import './location-picker.css';
import { plural, t } from '@lingui/core/macro';
import { useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';

import type { LocationRecord } from '../api/schemas';
import { toTree } from './location-tree';
import {
  centred,
  choicesFor,
  defaultIndex,
  idOf,
  OVERSCAN,
  revealed,
  ROW_HEIGHT,
  VIEWPORT,
  VISIBLE_ROWS,
  type Choice,
} from './picker-choices';

export interface LocationPickerProps {
  current: number;
  /** From `/locations` (a tree), or the configured list. */
  records: readonly LocationRecord[];
  onChoose(id: number): void;
  /** What its field is called: `Location` unless told (the compare page's `Add a location`). */
  label?: string;
}

export function LocationPicker({ current, records, onChoose, label }: LocationPickerProps) {
  const baseId = useId();
  const inputId = `${baseId}input`;
  const listboxId = `${baseId}listbox`;
  const pathId = `${baseId}path`;
  const inputRef = useRef<HTMLInputElement>(null);
  const scrollerRef = useRef<HTMLUListElement>(null);
  /** What the user typed; null while the input shows the current location's name. */
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  /** The active option's key; null for the default (see defaultIndex). */
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [scrollTop, setScrollTop] = useState(0);

  const tree = useMemo(() => toTree(records), [records]);
  const byId = useMemo(() => new Map(tree.map((entry) => [entry.record.location_id, entry])), [tree]);
  const choices = useMemo(() => (open ? choicesFor(tree, byId, text ?? '') : []), [open, tree, byId, text]);
  const currentEntry = byId.get(current);
  // The landing page passes 0 for “none yet”.
  const currentName = currentEntry?.record.name ?? (current > 0 ? t`Location ${current}` : '');
  const ancestors = currentEntry?.path.slice(0, -1) ?? [];

  const count = choices.length;
  const keyed = activeKey === null ? -1 : choices.findIndex((choice) => choice.key === activeKey);
  const activeIndex = count === 0 ? -1 : keyed >= 0 ? keyed : defaultIndex(choices, text !== null, current);
  const expanded = open && count > 0;
  const query = text?.trim() ?? '';
  const noMatch = open && count === 0 && query !== '';

  // The rows in view, and a few beyond; two boxes as tall as the others stand in for them.
  const top = Math.max(0, Math.min(scrollTop, count * ROW_HEIGHT - VIEWPORT));
  const start = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const end = Math.min(count, Math.ceil((top + VIEWPORT) / ROW_HEIGHT) + OVERSCAN);
  const activeRendered = activeIndex >= start && activeIndex < end;

  // Escape puts the name back selected, so that typing replaces it again.
  const selectName = useRef(false);
  useLayoutEffect(() => {
    if (!selectName.current) return;
    selectName.current = false;
    inputRef.current?.select();
  });

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (expanded && scroller && scroller.scrollTop !== top) scroller.scrollTop = top;
  }, [expanded, top]);

  const optionId = (choice: Choice) => `${baseId}${choice.key}`;

  const openList = (nextText: string | null) => {
    const next = choicesFor(tree, byId, nextText ?? '');
    const index = defaultIndex(next, nextText !== null, current);
    setText(nextText);
    setOpen(true);
    setActiveKey(null);
    setScrollTop(nextText === null ? centred(index, next.length) : revealed(0, index));
  };

  const close = () => {
    setOpen(false);
    setText(null);
    setActiveKey(null);
  };

  const moveTo = (index: number) => {
    if (count === 0) return;
    const next = Math.max(0, Math.min(count - 1, index));
    setActiveKey(choices[next]!.key);
    setScrollTop((previous) => revealed(Math.min(previous, Math.max(0, count * ROW_HEIGHT - VIEWPORT)), next));
  };

  const choose = (choice: Choice) => {
    close();
    const id = idOf(choice);
    if (id !== current || currentEntry === undefined) onChoose(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
        if (!open) openList(text);
        else if (!event.altKey) moveTo(activeIndex + 1);
        break;
      case 'ArrowUp':
        if (event.altKey) close();
        else if (!open) openList(text);
        else moveTo(activeIndex - 1);
        break;
      case 'PageDown':
      case 'PageUp':
      case 'Home':
      case 'End': {
        // Closed, or with nothing listed, Home and End move the caret as in any text field.
        if (!expanded) return;
        const page = VISIBLE_ROWS - 1;
        const targets = { PageDown: activeIndex + page, PageUp: activeIndex - page, Home: 0, End: count - 1 };
        moveTo(targets[event.key]);
        break;
      }
      case 'Enter':
        if (!expanded || activeIndex < 0) return;
        choose(choices[activeIndex]!);
        break;
      case 'Escape':
        if (!open) return;
        close();
        selectName.current = true;
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  // Matches, not options: the ancestors kept for context are not counted.
  const matches = open && text !== null ? choices.filter((c) => c.kind === 'typed' || !c.context).length : 0;
  const status = noMatch
    ? t`No location matches “${query}”.`
    : open && text !== null
      ? plural(matches, { one: '# match.', other: '# matches.' })
      : '';

  return (
    <div className="location-picker">
      <div className="location-picker-label">
        <label htmlFor={inputId}>{label ?? t`Location`}</label>
        {ancestors.length > 0 && (
          <span id={pathId} className="location-path" title={ancestors.join(' › ')}>
            in{' '}
            {ancestors.map((name, i) => (
              <span key={i}>
                {i > 0 && ' › '}
                <bdi>{name}</bdi>
              </span>
            ))}
          </span>
        )}
      </div>
      <div className="location-combobox">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && activeRendered ? optionId(choices[activeIndex]!) : undefined}
          aria-describedby={ancestors.length > 0 ? pathId : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={t`Name or number`}
          value={text ?? currentName}
          onChange={(event) => openList(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={(event) => event.currentTarget.select()}
          onMouseDown={(event) => {
            // A first click selects the name, so that typing replaces it (a click would put the caret in it).
            if (document.activeElement === event.currentTarget) return;
            event.preventDefault();
            event.currentTarget.focus();
          }}
          onClick={() => {
            if (!open) openList(text);
          }}
          onBlur={close}
        />
        <button
          type="button"
          className="location-combobox-toggle"
          tabIndex={-1}
          aria-label={t`Show locations`}
          aria-expanded={expanded}
          aria-controls={listboxId}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (open) close();
            else {
              inputRef.current?.focus();
              openList(null);
            }
          }}
        >
          <span aria-hidden="true">▾</span>
        </button>
        {/* The listbox scrolls itself (assistive technology and axe know a combobox's popup is driven from the
            input); ::before and ::after (location-picker.css) stand in for the rows above and below the window. */}
        <ul
          ref={scrollerRef}
          id={listboxId}
          role="listbox"
          aria-label={t`Locations`}
          className="location-listbox"
          hidden={!expanded}
          style={
            {
              maxHeight: VIEWPORT + 2,
              '--rows-above': `${start * ROW_HEIGHT}px`,
              '--rows-below': `${(count - end) * ROW_HEIGHT}px`,
            } as CSSProperties
          }
          onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
          // Keeps the focus in the input while an option is clicked or the list's scroll bar dragged.
          onMouseDown={(event) => event.preventDefault()}
        >
          {choices.slice(start, end).map((choice, offset) => {
            const index = start + offset;
            const id = idOf(choice);
            const className = [
              'location-option',
              index === activeIndex ? 'is-active' : '',
              choice.kind === 'location' && choice.context ? 'is-context' : '',
            ].join(' ');
            return (
              <li
                key={choice.key}
                id={optionId(choice)}
                role="option"
                aria-selected={index === activeIndex}
                aria-current={choice.kind === 'location' && id === current ? 'true' : undefined}
                data-location-id={id}
                className={className.trim()}
                title={choice.kind === 'location' ? choice.entry.path.join(' › ') : undefined}
                style={{
                  height: ROW_HEIGHT,
                  lineHeight: `${ROW_HEIGHT}px`,
                  paddingInlineStart: `${0.5 + (choice.kind === 'location' ? choice.entry.depth : 0) * 1.25}rem`,
                }}
                onClick={() => choose(choice)}
              >
                {choice.kind === 'typed' ? (
                  <>
                    {openLocation(choice.id)}
                    {choice.record && (
                      <span className="location-option-note">
                        {' · '}
                        <bdi>{choice.record.name}</bdi>
                      </span>
                    )}
                  </>
                ) : (
                  <bdi>{choice.entry.record.name}</bdi>
                )}
              </li>
            );
          })}
        </ul>
        {/* Read out as the list changes; shown, where the list would be, when nothing matches. */}
        <p role="status" className={noMatch ? 'location-no-match' : 'visually-hidden'}>
          {status}
        </p>
      </div>
    </div>
  );
}

/** The typed choice: `Open location 12`. */
const openLocation = (id: number): string => t`Open location ${id}`;
