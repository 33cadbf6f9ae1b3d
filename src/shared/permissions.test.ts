import { describe, expect, it } from 'vitest';
import {
  canApprove,
  canEditRecord,
  canManageRecord,
  canSeeRecord,
  canViewHistory,
  canWriteFor,
  effectiveMode,
  inMode,
  inTeamScope,
  showsUserColumn,
  visibleModes,
  type PermissionActor,
  type PermissionRecord,
} from './permissions';

const admin: PermissionActor = { username: 'admin', profileType: 'Admin', teamCode: null };
const leadA: PermissionActor = { username: 'leadA', profileType: 'Teamleader', teamCode: 'A' };
const leadB: PermissionActor = { username: 'leadB', profileType: 'Teamleader', teamCode: 'B' };
const leadNoTeam: PermissionActor = { username: 'lead0', profileType: 'Teamleader', teamCode: null };
const basic: PermissionActor = { username: 'Basic', profileType: 'Basic', teamCode: 'A' };

const rec = (over: Partial<PermissionRecord> = {}): PermissionRecord => ({ username: 'basic', modifiedBy: 'basic', approvedBy: null, exported: false, ...over });
// Whether the record is in the actor's TEAM scope: the database answers it (db/queries/team-scope.ts,
// tested against PostgreSQL and PGlite in tests/api/worksheet-paging.test.ts and export.test.ts).
const inScope = { inTeam: true };
const outside = { inTeam: false };

describe('modes', () => {
  it('tabs per role', () => {
    expect(visibleModes('Basic')).toEqual(['YOURS']);
    expect(visibleModes('Teamleader')).toEqual(['YOURS', 'TEAM']);
    expect(visibleModes('Admin')).toEqual(['YOURS', 'TEAM', 'ALL']);
  });
  it('Basic is always served YOURS; Teamleader may not ask for ALL; default YOURS', () => {
    expect(effectiveMode('Basic', 'ALL')).toBe('YOURS');
    expect(effectiveMode('Basic', 'TEAM')).toBe('YOURS');
    expect(effectiveMode('Teamleader', 'ALL')).toBeNull();
    expect(effectiveMode('Teamleader', 'TEAM')).toBe('TEAM');
    expect(effectiveMode('Admin', 'ALL')).toBe('ALL');
    expect(effectiveMode('Admin', undefined)).toBe('YOURS');
  });
  it('TEAM scope needs a team and a record in its scope', () => {
    expect(inTeamScope(leadA, inScope)).toBe(true);
    expect(inTeamScope(leadB, outside)).toBe(false);
    // no team, no scope, whatever the record
    expect(inTeamScope(leadNoTeam, inScope)).toBe(false);
  });
  it('inMode', () => {
    expect(inMode('YOURS', basic, rec(), inScope)).toBe(true);
    expect(inMode('YOURS', leadA, rec(), inScope)).toBe(false);
    expect(inMode('TEAM', leadA, rec(), inScope)).toBe(true);
    expect(inMode('TEAM', basic, rec(), inScope)).toBe(false);
    expect(inMode('ALL', admin, rec(), outside)).toBe(true);
    expect(inMode('ALL', leadA, rec(), inScope)).toBe(false);
  });
  it('the user column is for team leaders and admins outside their own tab', () => {
    expect(showsUserColumn('Basic', 'YOURS')).toBe(false);
    expect(showsUserColumn('Teamleader', 'YOURS')).toBe(false);
    expect(showsUserColumn('Teamleader', 'TEAM')).toBe(true);
    expect(showsUserColumn('Admin', 'ALL')).toBe(true);
  });
});

describe('seeing', () => {
  it('admin all, owner own, team leader in scope', () => {
    expect(canSeeRecord(admin, rec(), outside)).toBe(true);
    expect(canSeeRecord(basic, rec(), outside)).toBe(true); // case-insensitive owner
    expect(canSeeRecord({ ...basic, username: 'other' }, rec(), inScope)).toBe(false);
    expect(canSeeRecord(leadA, rec(), inScope)).toBe(true);
    expect(canSeeRecord(leadB, rec(), outside)).toBe(false);
    expect(canSeeRecord(leadB, rec(), inScope)).toBe(true);
  });
});

describe('managing (spec §6, DESIGN §4)', () => {
  it('Admin any record of the account', () => {
    expect(canManageRecord(admin, rec({ modifiedBy: 'x' }), outside)).toBe(true);
  });
  it('Teamleader records in TEAM scope only', () => {
    expect(canManageRecord(leadA, rec(), inScope)).toBe(true);
    expect(canManageRecord(leadB, rec(), outside)).toBe(false);
    expect(canManageRecord(leadB, rec(), inScope)).toBe(true);
  });
  it('the owner while unmodified or last modified by the owner', () => {
    expect(canManageRecord(basic, rec({ modifiedBy: null }), outside)).toBe(true);
    expect(canManageRecord(basic, rec({ modifiedBy: 'BASIC' }), outside)).toBe(true);
    expect(canManageRecord(basic, rec({ modifiedBy: 'leadA' }), outside)).toBe(false);
  });
  it('nobody else', () => {
    expect(canManageRecord({ ...basic, username: 'x' }, rec(), inScope)).toBe(false);
  });
  it('exported records are read-only for everyone', () => {
    for (const a of [admin, leadA, basic]) expect(canManageRecord(a, rec({ exported: true }), inScope)).toBe(false);
  });
  it('approved records cannot be edited or deleted', () => {
    expect(canEditRecord(admin, rec({ approvedBy: 'leadA' }), inScope)).toBe(false);
    expect(canEditRecord(admin, rec(), inScope)).toBe(true);
    expect(canEditRecord(admin, rec({ exported: true }), inScope)).toBe(false);
  });
});

describe('approving', () => {
  it('Teamleader in scope and Admin; never Basic; never exported', () => {
    expect(canApprove(leadA, rec(), inScope)).toBe(true);
    expect(canApprove(leadB, rec(), outside)).toBe(false);
    expect(canApprove(admin, rec(), outside)).toBe(true);
    expect(canApprove(basic, rec(), inScope)).toBe(false);
    expect(canApprove(admin, rec({ exported: true }), outside)).toBe(false);
    // approved ones can be unapproved
    expect(canApprove(leadA, rec({ approvedBy: 'leadA' }), inScope)).toBe(true);
  });
});

describe('history and writing for others', () => {
  it('history shows when the last modifier differs from the owner, for team leaders and admins', () => {
    expect(canViewHistory(leadA, rec({ modifiedBy: 'leadA' }))).toBe(true);
    expect(canViewHistory(leadA, rec({ modifiedBy: 'basic' }))).toBe(false);
    expect(canViewHistory(leadA, rec({ modifiedBy: null }))).toBe(false);
    expect(canViewHistory(basic, rec({ modifiedBy: 'leadA' }))).toBe(false);
  });
  it('own name always; Admin anyone; Teamleader the team', () => {
    expect(canWriteFor(basic, 'basic', 'A')).toBe(true);
    expect(canWriteFor(basic, 'other', 'A')).toBe(false);
    expect(canWriteFor(admin, 'other', null)).toBe(true);
    expect(canWriteFor(leadA, 'other', 'A')).toBe(true);
    expect(canWriteFor(leadA, 'other', 'B')).toBe(false);
    expect(canWriteFor(leadNoTeam, 'other', null)).toBe(false);
  });
});
