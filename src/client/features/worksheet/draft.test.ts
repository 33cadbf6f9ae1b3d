import { describe, expect, it } from 'vitest';
import { clearDraft, clearOtherUsersDrafts, draftKey, draftReturnPath, loadDraft, saveDraft, type DraftStorage, type WorksheetDraft } from './draft';
import { initialValues } from './worksheet-form-state';

/** sessionStorage's shape over a Map. */
function memoryStorage(): DraftStorage & { keys(): string[] } {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
    keys: () => [...map.keys()],
  };
}

const values = initialValues(
  {
    username: 'basic',
    profileType: 'Basic',
    teamCode: null,
    showCustomer: true,
    showJobTask: true,
    showLocation: true,
    showWorkType: true,
    mandatoryJobTask: false,
    mandatoryLocation: false,
    mandatoryWorkType: false,
    defaultUnitType: 'Item',
    resourceUnits: 'Quantity',
    defaultResource: null,
    lockDefaultResource: false,
    defaultDescription: null,
  },
  '2026-11-23',
);
const draft = (over: Partial<WorksheetDraft> = {}): WorksheetDraft => ({
  v: 1,
  username: 'basic',
  path: '/',
  values: { ...values, description: 'typed' },
  files: 0,
  savedAt: 1,
  ...over,
});

describe('worksheet drafts (issue 10 §6)', () => {
  it('are keyed by user and by form (new, or the record edited)', () => {
    expect(draftKey('basic')).toBe('webtid:ws-draft:basic:new');
    expect(draftKey('Basic', 12)).toBe('webtid:ws-draft:basic:12');
  });
  it('come back for the same user and form only', () => {
    const s = memoryStorage();
    saveDraft(s, draft());
    expect(loadDraft(s, 'basic')?.values.description).toBe('typed');
    expect(loadDraft(s, 'BASIC')?.values.description).toBe('typed');
    expect(loadDraft(s, 'other')).toBeNull();
    expect(loadDraft(s, 'basic', 12, 1)).toBeNull();
  });
  it('of an edit are dropped when the record changed meanwhile', () => {
    const s = memoryStorage();
    saveDraft(s, draft({ recordId: 12, version: 3, path: '/worksheet/edit/12' }));
    expect(loadDraft(s, 'basic', 12, 3)?.recordId).toBe(12);
    expect(loadDraft(s, 'basic', 12, 4)).toBeNull();
    expect(s.keys()).toEqual([]);
  });
  it('are cleared on save or cancel, and another user logging in removes them all', () => {
    const s = memoryStorage();
    saveDraft(s, draft());
    clearDraft(s, 'basic');
    expect(loadDraft(s, 'basic')).toBeNull();
    saveDraft(s, draft());
    saveDraft(s, draft({ username: 'leader' }));
    s.setItem('webtid:login-reason', 'idle');
    clearOtherUsersDrafts(s, 'leader');
    expect(s.keys().sort()).toEqual(['webtid:login-reason', draftKey('leader')]);
  });
  it('say where to return after the login: the newest form of the user, only entry-form paths', () => {
    const s = memoryStorage();
    expect(draftReturnPath(s, 'basic')).toBeNull();
    saveDraft(s, draft({ path: '/worksheet/add', savedAt: 5 }));
    saveDraft(s, draft({ recordId: 7, version: 1, path: '/worksheet/edit/7', savedAt: 9 }));
    expect(draftReturnPath(s, 'basic')).toBe('/worksheet/edit/7');
    expect(draftReturnPath(s, 'leader')).toBeNull();
    saveDraft(s, draft({ recordId: 8, path: 'https://evil.example/', savedAt: 20 }));
    expect(draftReturnPath(s, 'basic')).toBe('/worksheet/edit/7');
    saveDraft(s, draft({ path: '/?mode=TEAM', savedAt: 30 }));
    expect(draftReturnPath(s, 'basic')).toBe('/?mode=TEAM');
  });
  it('ignore what is not a draft', () => {
    const s = memoryStorage();
    s.setItem(draftKey('basic'), '{not json');
    expect(loadDraft(s, 'basic')).toBeNull();
    s.setItem(draftKey('basic'), JSON.stringify({ v: 0 }));
    expect(loadDraft(s, 'basic')).toBeNull();
  });
});
