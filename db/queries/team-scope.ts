import { sql, type RawBuilder } from 'kysely';
import { textConst } from './sql-text';

/**
 * TEAM scope (spec §6, DESIGN §4), the one place it is written: a worksheet record `w` is in the
 * scope of `teamCode` when its owner (the user, now) or its job (now) has that team. No team, no
 * scope. Team codes are upper case in the database (CHECK), so plain equality is the rule.
 *
 * Used by the lists (TEAM tab), the export (what a Teamleader sees and may mark) and the rights of
 * a single record (`inTeam` of findRecord, read by src/shared/permissions.ts). The text carries no
 * bind parameter, so that COPY and DECLARE CURSOR can hold it too.
 */
export function teamScopeSql(teamCode: string | null, record = 'w'): string {
  if (!teamCode) return 'false';
  const team = textConst(teamCode);
  return `(EXISTS (SELECT 1 FROM app_user ts_u WHERE ts_u.id = ${record}.user_id AND ts_u.team_code = ${team})
    OR EXISTS (SELECT 1 FROM job ts_j WHERE ts_j.account_id = ${record}.account_id AND ts_j.code = ${record}.job_code AND ts_j.team_code = ${team}))`;
}

/** teamScopeSql as a Kysely expression. */
export function teamScope(teamCode: string | null, record = 'w'): RawBuilder<boolean> {
  return sql<boolean>`${sql.raw(teamScopeSql(teamCode, record))}`;
}

/**
 * The same rule over teams already read (the create, which answers its row without reading it
 * again, issue 25 §2): the owner's or the job's team is the viewer's.
 */
export function inTeamOf(teamCode: string | null, ownerTeam: string | null, jobTeam: string | null): boolean {
  return !!teamCode && (ownerTeam === teamCode || jobTeam === teamCode);
}
