import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { m } from '../../../shared/paraglide/messages.js';

export interface ComboOption {
  /** The code / number that is stored. */
  value: string;
  /** The name or description shown next to it. */
  label: string | null;
}

interface ComboBoxProps {
  label: string;
  name: string;
  value: string;
  options: readonly ComboOption[];
  /** The chosen value, and its option when it was picked from the list. */
  onChange: (value: string, option?: ComboOption) => void;
  /**
   * Server search: the options are already the matches for what was typed, so the box does not
   * filter them; it reports the typed text here (the caller debounces and queries).
   */
  onSearch?: (typed: string) => void;
  /** The options are the first matches of more (server search): says so under the list. */
  limited?: boolean;
  /** The chosen value's option when the current options may not hold it (server search). */
  selectedOption?: ComboOption | undefined;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  /** Shown (and announced) while the options load. */
  loading?: boolean;
  /** Shown under the field, e.g. why it is locked. */
  hint?: string | undefined;
  placeholder?: string;
}

/** A picker's options and how they load, as use-form-options.ts builds them for each field. */
export interface PickerList {
  options: readonly ComboOption[];
  selected?: ComboOption | undefined;
  onSearch?: (typed: string) => void;
  limited?: boolean;
  loading?: boolean;
}

/** A ComboBox over one of the form's picker lists: the entry form and the week grid's "Add row" alike. */
export function PickerComboBox({ list, ...props }: Omit<ComboBoxProps, 'options' | 'onSearch' | 'limited' | 'selectedOption' | 'loading'> & { list: PickerList }) {
  return <ComboBox {...props} options={list.options} onSearch={list.onSearch} limited={list.limited} selectedOption={list.selected} loading={list.loading} />;
}

/** How many matches are rendered at once; the rest are reached by typing (spec §9: no limit on data). */
const SHOWN = 100;

const text = (o: ComboOption | undefined) => (o ? (o.label ? `${o.value} · ${o.label}` : o.value) : '');

/**
 * An autocomplete (WAI-ARIA combobox with a listbox popup): type to filter by code or name, arrow
 * keys to move, Enter to choose, Esc to close. The input shows "CODE · Name" of the chosen value;
 * what was typed but not chosen is dropped on blur, unless it is exactly a code.
 */
export function ComboBox({ label, name, value, options, onChange, onSearch, limited, selectedOption, error, required, disabled, loading, hint, placeholder }: ComboBoxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [query, setQueryState] = useState<string | null>(null);
  // The option last chosen from the list: its label stays shown when the list is re-queried.
  const [picked, setPicked] = useState<ComboOption | undefined>(undefined);
  const selected =
    options.find((o) => o.value === value) ??
    (selectedOption?.value === value ? selectedOption : undefined) ??
    (picked?.value === value ? picked : undefined) ??
    (value ? { value, label: null } : undefined);
  const setQuery = (q: string | null) => {
    setQueryState(q);
    onSearch?.(q ?? '');
  };
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const matches = useMemo(() => {
    const q = (query ?? '').trim().toLowerCase();
    if (!q || onSearch) return options;
    return options.filter((o) => o.value.toLowerCase().includes(q) || (o.label ?? '').toLowerCase().includes(q));
  }, [options, query, onSearch]);
  const shown = matches.slice(0, SHOWN);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const choose = (option: ComboOption | undefined) => {
    setQuery(null);
    setOpen(false);
    if (option) setPicked(option);
    if (option && option.value !== value) onChange(option.value, option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((i) => Math.min(i + 1, shown.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      if (open && shown[active]) {
        event.preventDefault();
        choose(shown[active]);
      }
    } else if (event.key === 'Escape') {
      if (open || query !== null) {
        event.preventDefault();
        event.stopPropagation();
        setQuery(null);
        setOpen(false);
      }
    }
  };

  const onBlur = () => {
    if (query !== null) {
      const typed = query.trim();
      const exact = options.find((o) => o.value.toLowerCase() === typed.toLowerCase());
      // Emptied: the value is cleared; exactly a code: that one is chosen; otherwise nothing changes.
      if (typed === '') {
        if (value) onChange('');
      } else if (exact) {
        setPicked(exact);
        if (exact.value !== value) onChange(exact.value, exact);
      }
    }
    setQuery(null);
    setOpen(false);
  };

  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const activeId = open && shown[active] ? `${id}-opt-${active}` : undefined;

  return (
    <div className={['field', 'ws-combo', error ? 'field--invalid' : '', !disabled && value !== '' ? 'ws-combo--clearable' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="ws-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className="field__control">
        <input
          ref={inputRef}
          id={id}
          name={name}
          className="input ws-combo__input"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          aria-busy={loading || undefined}
          disabled={disabled}
          placeholder={placeholder ?? m.ws_combo_placeholder()}
          value={query ?? text(selected)}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={(event) => event.target.select()}
          onClick={() => !disabled && setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
        {!disabled && value !== '' && (
          // Issue 22 §2: a visible clear button, a tab stop of its own (Enter or Space clears);
          // focus goes back to the box so the user types the next value.
          <button
            type="button"
            className="ws-combo__clear"
            aria-label={m.ws_combo_clear({ field: label })}
            title={m.ws_combo_clear({ field: label })}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setPicked(undefined);
              setQuery(null);
              setOpen(false);
              onChange('');
              inputRef.current?.focus();
            }}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        )}
        {!disabled && (
          <button
            type="button"
            tabIndex={-1}
            className="ws-combo__toggle"
            aria-label={open ? m.ws_combo_close() : m.ws_combo_open({ field: label })}
            onMouseDown={(event) => {
              event.preventDefault();
              inputRef.current?.focus();
              setOpen((o) => !o);
            }}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d={open ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} />
            </svg>
          </button>
        )}
        {/* The listbox holds only options; loading, "no matches" and "more" are a status next to it. */}
        <div className="ws-combo__list" hidden={!open}>
          <ul ref={listRef} id={listId} role="listbox" aria-label={label} className="ws-combo__options">
            {open &&
              shown.map((option, index) => (
                <li
                  key={option.value}
                  id={`${id}-opt-${index}`}
                  data-index={index}
                  role="option"
                  aria-selected={option.value === value}
                  className={['ws-combo__option', index === active ? 'is-active' : ''].join(' ')}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(option);
                  }}
                  onMouseMove={() => setActive(index)}
                >
                  <span className="ws-combo__code">{option.value}</span>
                  {option.label && (
                    <>
                      {' '}
                      <span className="ws-combo__label">{option.label}</span>
                    </>
                  )}
                </li>
              ))}
          </ul>
          <p className="ws-combo__note" role="status">
            {!open
              ? null
              : loading
                ? m.ws_combo_loading()
                : shown.length === 0
                  ? m.ws_combo_none()
                  : matches.length > SHOWN
                    ? m.ws_combo_more({ count: String(matches.length - SHOWN) })
                    : limited
                      ? m.ws_combo_limited({ count: String(shown.length) })
                      : null}
          </p>
        </div>
      </div>
      {hint && !error && (
        <p id={hintId} className="ws-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
