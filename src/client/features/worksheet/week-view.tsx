import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type ComponentProps } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import { addWeeks, weekNumber, weekOf } from '../../../shared/week';
import { Button } from '../../components/button';
import { PageSpinner } from '../../components/spinner';
import { errorMessage } from '../../lib/errors';
import { LazyBoundary, lazyPart, useMountedOnce } from '../../lib/lazy';
import { trpc } from '../../lib/trpc';
import { useBulkApprove } from './bulk-approve';
import type { CopyDialog as CopyDialogType, CopyRequest } from './copy-dialog';
import type { TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { todayIso, useMediaQuery } from './ws-data';
import { rangeText, dayWords, recordRowKey, WeekTotal, useCellLinks } from './week-parts';
import { WeekGrid } from './week-grid';
import { WeekSubmit } from './week-submit';
import { useUnsubmittedWeeks } from './week-submit-reminder';
import './week-view.css';

// "Copy week…" (issue 22 §5): the same dialog as "Copy to…" of a day, on first use (decision 0185).
const Copy = lazyPart<ComponentProps<typeof CopyDialogType>>(() => import('./copy-dialog').then((mod) => mod.CopyDialog));

interface Props {
  week?: string | undefined;
  user?: string | undefined;
  /** The caller's role: leaders and admins pick a person. */
  canPick: boolean;
}

/**
 * Issue 22 §6: one ISO week of one person, rows (job + task + unit + work type) × Monday–Sunday,
 * day totals, row totals and the week total per unit of measure. From 640 px a table; on a phone
 * one day at a time under a strip of the seven days. Loaded on first use (decision 0185).
 */
export function WeekView({ week: asked, user, canPick }: Props) {
  const today = todayIso();
  const week = asked ?? weekOf(today);
  const wide = useMediaQuery('(min-width: 640px)');
  const navigate = useNavigate();
  const query = trpc.worksheet.week.useQuery({ week, username: user ?? null }, { placeholderData: (prev) => prev });
  const users = trpc.worksheet.weekUsers.useQuery(undefined, {
    enabled: canPick,
    staleTime: 5 * 60_000,
  });
  const data = query.data;
  const days = useMemo(() => data?.days ?? [], [data]);
  const [picked, setPicked] = useState<string | null>(null);
  const [copy, setCopy] = useState<CopyRequest | null>(null);
  const [copyMounted, unmountCopy] = useMountedOnce(copy !== null);
  // Issue 40 §5: after "Copy week…" the view goes to the target week, the rows holding copies highlighted.
  const [copied, setCopied] = useState<{ week: string; keys: ReadonlySet<string> } | null>(null);
  const onCopied = (created: TWorksheetRecord[]) => {
    if (created.length === 0) return;
    const target = weekOf(created[0]!.date);
    setCopied({ week: target, keys: new Set(created.map(recordRowKey)) });
    go({ week: target });
  };
  const highlight = copied && data && copied.week === data.week ? copied.keys : undefined;
  // The highlight goes after a few seconds, or with the next key or click in the week.
  useEffect(() => {
    if (!highlight) return;
    const timer = setTimeout(() => setCopied(null), 6000);
    return () => clearTimeout(timer);
  }, [highlight]);
  const endHighlight = highlight ? () => setCopied(null) : undefined;
  // Issue 23 §2: "Approve week" in a person's week, for those who approve (one confirmation).
  const approval = useBulkApprove();
  // Issue 40 §2: with weekly submission on, "Approve week" is WeekSubmit's, for a submitted week.
  const submitOn = useUnsubmittedWeeks()?.enabled === true;
  const day = picked && days.includes(picked) ? picked : days.includes(today) ? today : (days[0] ?? today);
  const go = (search: { week?: string; user?: string }) =>
    void navigate({
      from: '/',
      to: '/',
      search: (prev) => ({
        ...prev,
        view: 'week' as const,
        week: search.week ?? week,
        user: 'user' in search ? search.user : user,
      }),
    });
  const n = weekNumber(week);
  const dayList = useMemo(() => dayWords(days, today), [days, today]);
  const cells = useCellLinks();

  return (
    // The cells' clicks and intent are handled here, once for the whole week (useCellLinks).
    // (Enter on a link fires its click, so the keyboard is routed the same way.)
    <section
      className="wk"
      aria-labelledby="wk-title"
      onClick={cells.onClick}
      onPointerOver={cells.onIntent}
      onFocus={cells.onIntent}
      onKeyDown={endHighlight}
      onPointerDown={endHighlight}
    >
      <div className="wk-bar">
        <Button variant="secondary" onClick={() => go({ week: addWeeks(week, -1) })} aria-label={m.ws_week_prev()} className="wk-step">
          ‹
        </Button>
        <h2 id="wk-title" className="wk-title">
          {m.ws_week_title({ week: String(n) })}
          {days.length > 0 && <span className="wk-range">{rangeText(days[0]!, days[6]!)}</span>}
        </h2>
        <Button variant="secondary" onClick={() => go({ week: addWeeks(week, 1) })} aria-label={m.ws_week_next()} className="wk-step">
          ›
        </Button>
        {week !== weekOf(today) && (
          <Button variant="ghost" onClick={() => go({ week: weekOf(today) })}>
            {m.ws_week_this()}
          </Button>
        )}
        {data && data.ids.length > 0 && (
          <Button
            variant="secondary"
            className="wk-copy"
            onPointerEnter={Copy.preload}
            onFocus={Copy.preload}
            onClick={() => setCopy({ ids: data.ids, fromDate: data.days[0]!, week: data.week })}
          >
            {m.ws_copy_week_action()}
            {/* The visible text first, so the accessible name starts with it (WCAG 2.5.3). */}
            <span className="visually-hidden"> {m.ws_copy_week_label({ week: String(n) })}</span>
          </Button>
        )}
        {canPick && !submitOn && data && data.ids.length > 0 && (
          <Button
            variant="secondary"
            className="wk-approve"
            disabled={approval.pending}
            onClick={async () => {
              const changed = await approval.run({ ids: data.ids }, true);
              if (changed.length > 0) await query.refetch();
            }}
          >
            {m.ws_approve_week()}
            <span className="visually-hidden"> {m.ws_approve_week_label({ name: data.username, week: String(n) })}</span>
          </Button>
        )}
        {canPick && users.data && users.data.length > 1 && (
          <label className="wk-user">
            <span>{m.ws_week_user()}</span>
            <select value={data?.username ?? user ?? ''} onChange={(e) => go({ user: e.target.value || undefined })}>
              {users.data.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <WeekSubmit week={week} user={user} />
      {query.error ? (
        <p className="form-error" role="alert">
          {errorMessage(query.error)}
        </p>
      ) : !data ? (
        <PageSpinner />
      ) : (
        <>
          <WeekTotal data={data} />
          {data.rows.length === 0 && <p className="wk-empty">{m.ws_week_empty({ week: String(n) })}</p>}
          <WeekGrid input={{ week, username: user ?? null }} data={data} days={dayList} wide={wide} day={day} today={today} onPick={setPicked} highlight={highlight} />
        </>
      )}
      {copyMounted && (
        <LazyBoundary
          part={Copy}
          onFailed={() => {
            setCopy(null);
            unmountCopy();
          }}
        >
          <Copy.Component request={copy} onClose={() => setCopy(null)} onCopied={onCopied} />
        </LazyBoundary>
      )}
    </section>
  );
}
