import { useEffect, useRef, type MutableRefObject } from 'react';
import type { TWorksheetFormSettings, TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { clearDraft, saveDraft, sessionDrafts, type WorksheetDraft } from './draft';
import type { FormValues } from './worksheet-form-state';

/** A draft is written once the typing pauses this long (and always before a submit). */
export const DRAFT_SAVE_MS = 400;

interface DraftInput {
  settings: TWorksheetFormSettings;
  record: TWorksheetRecord | undefined;
  editing: boolean;
  /** where the form is (read when it opened) */
  path: string;
  values: FormValues;
  /** the form's values now (a submit reads them after the render) */
  getValues: () => FormValues;
  keptIds: number[];
  files: File[];
  /** whether the user changed anything since the form opened or was saved: only then is there a draft */
  touched: MutableRefObject<boolean>;
}

/**
 * The entry form's draft (issue 10 §6): written to sessionStorage once the typing pauses, when the
 * form goes away and when the page is left, so a session that ends or an idle reload loses no
 * keystroke. Split from use-worksheet-form.ts (issue 39 §1).
 */
export function useFormDraft({ settings, record, editing, path, values, getValues, keptIds, files, touched }: DraftInput) {
  const draftOf = (): WorksheetDraft => ({
    v: 1,
    username: settings.username,
    recordId: record?.id,
    version: record?.version,
    path,
    values: getValues(),
    keptIds: editing ? keptIds : undefined,
    files: files.length,
    savedAt: Date.now(),
  });
  const persistDraft = () => {
    if (touched.current) saveDraft(sessionDrafts(), draftOf());
  };
  const dropDraft = () => {
    touched.current = false;
    clearDraft(sessionDrafts(), settings.username, record?.id);
  };
  // Written to sessionStorage (an external system) once the typing pauses.
  useEffect(() => {
    if (!touched.current) return;
    const timer = setTimeout(persistDraft, DRAFT_SAVE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- persistDraft reads exactly these
  }, [values, files.length, keptIds]);

  // Also written when the form goes away (a 401 that routes to /login, another page) or the page
  // is left (the idle reload), so the last keystrokes before the pause are not lost.
  const flush = useRef(persistDraft);
  useEffect(() => {
    flush.current = persistDraft;
  });
  useEffect(() => {
    const onHide = () => flush.current();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      flush.current();
    };
  }, []);

  return { persistDraft, dropDraft };
}
