import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import type { SubmissionFilter as Value } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import { weekNumber } from '../../../shared/week';
import { trpc } from '../../lib/trpc';
import { todayIso } from './ws-data';
import './week-submit-reminder.css';

/*
 * Issue 40 §2 (decision 0410): the home page's reminder of the caller's past weeks that are not
 * submitted, and the Team/All list's Submitted filter — both only while the account's setting
 * "Workers submit their weeks" is on. One small query (worksheet.unsubmittedWeeks) answers both:
 * the weeks, and whether the setting is on.
 */

/** The caller's unsubmitted past weeks and the account's setting; undefined while loading or offline. */
export function useUnsubmittedWeeks() {
  return trpc.worksheet.unsubmittedWeeks.useQuery({ today: todayIso() }, { staleTime: 60_000, retry: false }).data;
}

const PLACE = '\u0000';

/** "Weeks 45 and 47 are not submitted", each number a link to that week. Nothing when there are none. */
export function WeekReminder() {
  const data = useUnsubmittedWeeks();
  if (!data || data.weeks.length === 0) return null;
  const weeks = [...data.weeks].reverse();
  const sentence = weeks.length === 1 ? m.wsub_reminder_one({ weeks: PLACE }) : m.wsub_reminder_many({ weeks: PLACE });
  const [before, after] = sentence.split(PLACE);
  return (
    <p className="ws-remind" role="status">
      {before}
      {weeks.map((w, i) => (
        <Fragment key={w}>
          {i > 0 && (i === weeks.length - 1 ? ` ${m.wsub_reminder_and()} ` : ', ')}
          <Link to="/" search={{ view: 'week', week: w }} className="ws-remind__week" aria-label={m.wsub_week_link({ week: String(weekNumber(w)) })}>
            {weekNumber(w)}
          </Link>
        </Fragment>
      ))}
      {after}
    </p>
  );
}

/** The list filter "Week: Submitted / Not submitted" (Team and All tabs), shown while the setting is on or the filter is set. */
export function SubmissionFilter({ value, onChange }: { value: Value | undefined; onChange: (next: Value | undefined) => void }) {
  const data = useUnsubmittedWeeks();
  if (!data?.enabled && value === undefined) return null;
  return (
    <label className="ws-filter">
      <span className="ws-filter__label">{m.wsub_filter_label()}</span>
      <span className="visually-hidden">{m.ws_filter_suffix()}</span>
      <select className="input" value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? undefined : (e.target.value as Value))}>
        <option value="">{m.wsub_filter_any()}</option>
        <option value="submitted">{m.wsub_filter_submitted()}</option>
        <option value="notSubmitted">{m.wsub_filter_not_submitted()}</option>
      </select>
    </label>
  );
}
