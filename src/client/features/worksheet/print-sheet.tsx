import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { m } from '../../../shared/paraglide/messages.js';
import { useAccountInfo } from '../../lib/account';
import { formatDate, formatDateTime } from '../../lib/format';

/**
 * Printing the worksheet home and the archive (issue 10 §4, decision 0170). The Print button and
 * Ctrl/Cmd+P both reload the loaded pages first and then print. A print started from the browser's
 * menu can't wait (`beforeprint` is synchronous), so it prints the data shown — kept fresh by the
 * list query (refetched on focus and after every change) — and the sheet says when it was loaded.
 * While printing, the list renders every loaded entry as the table (`printing`).
 */
export function usePrintSheet(reload: () => Promise<unknown>) {
  const [printing, setPrinting] = useState(false);
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  });

  const print = useCallback(async () => {
    await reloadRef.current();
    flushSync(() => setPrinting(true));
    window.print();
  }, []);

  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    const key = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'p') {
        e.preventDefault();
        void print();
      }
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    window.addEventListener('keydown', key);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      window.removeEventListener('keydown', key);
    };
  }, [print]);

  return { printing, print };
}

export interface PrintHeaderProps {
  /** "Worksheet" or "Archive" */
  title: string;
  /** the tab: Yours, Team or All */
  view: string;
  /** the period shown, ISO dates (none when the list is empty) */
  from?: string;
  to?: string;
  /** when the shown data was loaded (ms since epoch; 0 = not yet) */
  loadedAt: number;
}

/** The printed sheet's header: view, user, period and print date. Shown only in print. */
export function PrintHeader({ title, view, from, to, loadedAt }: PrintHeaderProps) {
  const info = useAccountInfo();
  const now = new Date();
  return (
    <div className="print-head ws-print-only">
      <p className="print-head__title">
        {title} · {view}
      </p>
      <p className="print-head__facts">
        <span>{m.ws_print_user({ name: info.username })}</span>
        {from && to && <span>{m.ws_print_period({ from: formatDate(from), to: formatDate(to) })}</span>}
        <span>
          {m.ws_print_printed({ date: formatDateTime(now) })}
          {loadedAt > 0 && ` (${m.ws_print_loaded({ time: formatDate(new Date(loadedAt), { timeStyle: 'short' }) })})`}
        </span>
      </p>
    </div>
  );
}
