import type { Database } from '../../../db/database';
import { findReportPerson, glanceRow, reportRows, type ReportSqlRow } from '../../../db/queries/report';
import { errorToken } from '../../shared/error-codes';
import { ERR } from '../../shared/errors';
import { effectiveMode } from '../../shared/permissions';
import { REPORT_MEASURES, type TReport, type TReportLine, type TReportQuery } from '../../shared/schemas/report';
import type { Mode } from '../../shared/limits';
import { weekDays, weekOf } from '../../shared/week';
import type { Actor } from '../context';
import { AppError, fieldError } from '../errors';

const same = (a: string | null | undefined, b: string | null | undefined) => a != null && b != null && a.toLowerCase() === b.toLowerCase();
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The mode a report is read in: as the lists (effectiveMode), defaulting to the widest the role has. */
function reportMode(actor: Actor, requested: Mode | undefined): Mode {
  const fallback: Mode = actor.profileType === 'Admin' ? 'ALL' : actor.profileType === 'Teamleader' ? 'TEAM' : 'YOURS';
  const mode = effectiveMode(actor.profileType, requested ?? fallback);
  if (mode === null) throw new AppError('FORBIDDEN', ERR.forbidden);
  return mode;
}

/**
 * The `person` filter: a user of the account inside the mode's scope (ALL: anyone; TEAM: a user of
 * the caller's team, or the caller; YOURS: the caller). Anything else is a 400 on `person` — never a
 * silently empty or widened report.
 */
async function reportPerson(db: Database, actor: Actor, mode: Mode, person: string | null | undefined): Promise<number | null> {
  if (!person) return null;
  const refuse = () => fieldError('person', errorToken('REPORT_PERSON', { user: person }));
  const user = await findReportPerson(db, actor.accountId, person);
  if (!user) throw refuse();
  const self = same(user.username, actor.username);
  if (mode === 'ALL' || self) return user.id;
  if (mode === 'TEAM' && actor.teamCode && same(user.teamCode, actor.teamCode)) return user.id;
  throw refuse();
}

interface Acc {
  keys: Array<string | null>;
  labels: Array<string | null>;
  hours: number;
  quantities: Map<string, number>;
  entries: number;
  approved: number;
  exported: number;
}

const newAcc = (keys: Array<string | null>, labels: Array<string | null>): Acc => ({ keys, labels, hours: 0, quantities: new Map(), entries: 0, approved: 0, exported: 0 });

function add(acc: Acc, r: ReportSqlRow): void {
  acc.hours += Number(r.hours);
  acc.quantities.set(r.uom, (acc.quantities.get(r.uom) ?? 0) + Number(r.quantity));
  acc.entries += r.entries;
  acc.approved += r.approved;
  acc.exported += r.exported;
}

/** The line of an accumulator with the requested measures only. */
function line(acc: Acc, measures: ReadonlySet<string>): TReportLine {
  const out: TReportLine = { keys: acc.keys, labels: acc.labels };
  if (measures.has('hours')) out.hours = round2(acc.hours);
  if (measures.has('quantity')) out.quantities = [...acc.quantities].sort(([a], [b]) => a.localeCompare(b)).map(([code, q]) => ({ code, quantity: round2(q) }));
  if (measures.has('entries')) out.entries = acc.entries;
  if (measures.has('approved')) {
    out.approvedEntries = acc.approved;
    out.approvedShare = acc.entries ? round2(acc.approved / acc.entries) : 0;
  }
  if (measures.has('exported')) {
    out.exportedEntries = acc.exported;
    out.exportedShare = acc.entries ? round2(acc.exported / acc.entries) : 0;
  }
  return out;
}

/**
 * GET /api/report (issue 26): sums grouped by one or two levels, with subtotals and a total, all
 * from one GROUPING SETS statement (db/queries/report.ts). Node only folds the per-unit-of-measure
 * lines of a group into one line: it never sees an entry.
 */
export async function buildReport(db: Database, actor: Actor, input: TReportQuery): Promise<TReport> {
  const mode = reportMode(actor, input.mode);
  const personId = await reportPerson(db, actor, mode, input.person);
  const measures = input.measures ?? [...REPORT_MEASURES];
  const rows = await reportRows(db, {
    accountId: actor.accountId,
    mode,
    userId: actor.kind === 'session' ? actor.userId : null,
    username: actor.username,
    teamCode: actor.teamCode,
    groups: input.group,
    from: input.from,
    to: input.to,
    personId,
    customerNo: input.customerNo ?? null,
    jobCode: input.jobCode ?? null,
    status: input.status ?? 'any',
    source: input.source ?? 'both',
  });
  const two = input.group.length === 2;
  const leafMask = 0;
  const totalMask = two ? 3 : 1;
  const units = new Map<string, string>();
  const leaves = new Map<string, Acc>();
  const subtotals = new Map<string, Acc>();
  const total = newAcc([], []);
  for (const r of rows) {
    if (!units.has(r.uom)) units.set(r.uom, r.uomLabel || r.uom);
    if (r.g === totalMask) add(total, r);
    else if (r.g === leafMask) {
      const keys = two ? [r.k1, r.k2] : [r.k1];
      const id = JSON.stringify(keys);
      let acc = leaves.get(id);
      if (!acc) leaves.set(id, (acc = newAcc(keys, two ? [r.l1, r.l2] : [r.l1])));
      add(acc, r);
    } else {
      const id = JSON.stringify([r.k1]);
      let acc = subtotals.get(id);
      if (!acc) subtotals.set(id, (acc = newAcc([r.k1], [r.l1])));
      add(acc, r);
    }
  }
  const wanted = new Set<string>(measures);
  return {
    groups: input.group,
    measures,
    from: input.from,
    to: input.to,
    mode,
    units: [...units].sort(([a], [b]) => a.localeCompare(b)).map(([code, label]) => ({ code, label })),
    rows: [...leaves.values()].map((a) => line(a, wanted)),
    subtotals: [...subtotals.values()].map((a) => line(a, wanted)),
    total: line(total, wanted),
  };
}

/**
 * The home page's glance (issue 26 §3): for a team leader the team's entries waiting for approval
 * (the TEAM list: open, not approved), for everyone their hours of this week and the week before.
 */
export async function reportGlance(db: Database, actor: Actor, input: { today?: string | null | undefined }) {
  const today = input.today ?? new Date().toISOString().slice(0, 10);
  const days = weekDays(weekOf(today));
  const monday = days[0]!;
  const lastMonday = new Date(Date.parse(`${monday}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
  const withWaiting = actor.profileType === 'Teamleader' && Boolean(actor.teamCode);
  const r = await glanceRow(db, {
    accountId: actor.accountId,
    mode: 'TEAM',
    userId: actor.kind === 'session' ? actor.userId : null,
    username: actor.username,
    teamCode: actor.teamCode,
    withWaiting,
    lastMonday,
    thisMonday: monday,
    thisSunday: days[6]!,
  });
  return {
    waiting: withWaiting ? Number(r.waiting ?? 0) : null,
    returned: Number(r.returned ?? 0),
    thisWeek: round2(Number(r.thisWeek)),
    lastWeek: round2(Number(r.lastWeek)),
    week: weekOf(today),
  };
}
