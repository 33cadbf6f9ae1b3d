import type { Mode, ProfileType } from './limits';

/*
 * Who may do what with worksheet records (spec §6, DESIGN §4). Pure functions: the server enforces
 * them, the client only mirrors them (the server sends `canManage` / `canApprove` per record).
 */

export interface PermissionActor {
  username: string;
  profileType: ProfileType;
  teamCode: string | null;
}

/** The parts of a record the rules look at. */
export interface PermissionRecord {
  username: string;
  modifiedBy: string | null;
  approvedBy: string | null;
  exported: boolean;
  /** Issue 40 §1: sent back to its owner (who may edit it again, even after a leader's edit). */
  returnedBy?: string | null | undefined;
}

/**
 * Whether the record is in the actor's TEAM scope (its owner or its job has the actor's team).
 * The database answers it with the one team-scope expression (db/queries/team-scope.ts) that the
 * lists and the export use too; the rules here only read the answer.
 */
export interface RecordScope {
  inTeam: boolean;
}

const same = (a: string | null | undefined, b: string | null | undefined) => a != null && b != null && a.toLowerCase() === b.toLowerCase();

/** Tabs a role may open: Basic → YOURS; Teamleader → YOURS, TEAM; Admin → YOURS, TEAM, ALL. */
export function visibleModes(role: ProfileType): Mode[] {
  if (role === 'Admin') return ['YOURS', 'TEAM', 'ALL'];
  if (role === 'Teamleader') return ['YOURS', 'TEAM'];
  return ['YOURS'];
}

/**
 * The mode a request is served in. Basic users always get YOURS (spec §6: "always use YOURS"),
 * whatever they ask for; a Teamleader asking for ALL is refused (null), since ALL is an admin tab.
 */
export function effectiveMode(role: ProfileType, requested: Mode | undefined): Mode | null {
  const mode = requested ?? 'YOURS';
  if (role === 'Basic') return 'YOURS';
  return visibleModes(role).includes(mode) ? mode : null;
}

export const isOwner = (actor: Pick<PermissionActor, 'username'>, record: Pick<PermissionRecord, 'username'>) => same(actor.username, record.username);

/** TEAM scope: an actor with a team, and a record the database found in that team's scope. */
export function inTeamScope(actor: Pick<PermissionActor, 'teamCode'>, scope: RecordScope): boolean {
  return actor.teamCode !== null && actor.teamCode !== '' && scope.inTeam;
}

/** Whether the record belongs to the list of `mode` for this actor. */
export function inMode(mode: Mode, actor: PermissionActor, record: Pick<PermissionRecord, 'username'>, scope: RecordScope): boolean {
  if (mode === 'ALL') return actor.profileType === 'Admin';
  if (mode === 'TEAM') return actor.profileType !== 'Basic' && inTeamScope(actor, scope);
  return isOwner(actor, record);
}

/** May see the record at all (lists, GET by id, attachments, history): Admin; owner; Teamleader in TEAM scope. */
export function canSeeRecord(actor: PermissionActor, record: Pick<PermissionRecord, 'username'>, scope: RecordScope): boolean {
  if (actor.profileType === 'Admin') return true;
  if (isOwner(actor, record)) return true;
  return actor.profileType === 'Teamleader' && inTeamScope(actor, scope);
}

/**
 * May manage (approve/edit/delete, spec §6) — ignoring approval, which locks edit and delete
 * separately: Admin any record; Teamleader records in TEAM scope; the owner while the record is
 * unmodified, last modified by the owner, or returned to the owner (issue 40 §1). Exported records are read-only for everyone.
 */
export function canManageRecord(actor: PermissionActor, record: PermissionRecord, scope: RecordScope): boolean {
  if (record.exported) return false;
  if (actor.profileType === 'Admin') return true;
  if (actor.profileType === 'Teamleader' && inTeamScope(actor, scope)) return true;
  return isOwner(actor, record) && (record.modifiedBy === null || same(record.modifiedBy, record.username) || (record.returnedBy ?? null) !== null);
}

/** Why the actor may not edit or delete the record now: the lock (exported, approved) before the role. */
export type EditRefusal = 'exported' | 'approved' | 'forbidden';

/** May edit or delete now: not exported, not approved, and may manage. The one rule; null = allowed. */
export function editRefusal(actor: PermissionActor, record: PermissionRecord, scope: RecordScope): EditRefusal | null {
  if (record.exported) return 'exported';
  if (record.approvedBy !== null) return 'approved';
  return canManageRecord(actor, record, scope) ? null : 'forbidden';
}

/** May edit or delete now (editRefusal says why not). */
export function canEditRecord(actor: PermissionActor, record: PermissionRecord, scope: RecordScope): boolean {
  return editRefusal(actor, record, scope) === null;
}

/** May approve / unapprove: Teamleader (TEAM scope) and Admin, never Basic (DESIGN §4); never when exported. */
export function canApprove(actor: PermissionActor, record: PermissionRecord, scope: RecordScope): boolean {
  if (record.exported) return false;
  if (actor.profileType === 'Admin') return true;
  return actor.profileType === 'Teamleader' && inTeamScope(actor, scope);
}

/**
 * Spec §6: edit history is shown only when the last modifier differs from the owner, and it is a
 * Teamleader (and Admin) feature.
 */
export function canViewHistory(actor: Pick<PermissionActor, 'profileType'>, record: Pick<PermissionRecord, 'username' | 'modifiedBy'>): boolean {
  if (actor.profileType === 'Basic') return false;
  return record.modifiedBy !== null && !same(record.modifiedBy, record.username);
}

/**
 * Creating (or re-assigning) a record for `username` (DESIGN §4): one's own name always; Admin and
 * the API key any active user of the account; a Teamleader the users of their team.
 */
export function canWriteFor(actor: PermissionActor, username: string, targetTeam: string | null): boolean {
  if (same(actor.username, username)) return true;
  if (actor.profileType === 'Admin') return true;
  return actor.profileType === 'Teamleader' && actor.teamCode !== null && same(targetTeam, actor.teamCode);
}

/** Whether the username column is shown: team leaders and admins, outside their own tab. */
export function showsUserColumn(role: ProfileType, mode: Mode): boolean {
  return role !== 'Basic' && mode !== 'YOURS';
}
