import { useNavigate, type NavigateOptions } from '@tanstack/react-router';
import { useState } from 'react';
import type { z } from 'zod';
import { toast } from '../../../lib/toast';
import { confirmDelete } from './confirm-delete';
import { errorMessage } from '../../../lib/errors';
import { submitHandler, type ZodForm } from '../../../lib/use-zod-form';

type Schema = z.ZodType<unknown, Record<string, unknown>>;

export interface SaveAction<S extends Schema, R> {
  /** The create or update call. */
  save: (values: z.output<S>) => Promise<R>;
  /** The form's values after a save (edit forms keep the saved record; inline add forms empty). */
  reset?: (saved: R) => z.input<S>;
  /** The success toast. */
  success: () => string;
  /** After the success toast: invalidate queries, then navigate or focus. */
  then: (saved: R, element: HTMLFormElement) => Promise<unknown>;
  /** The error toast; without it the translated error itself. */
  failure?: () => string;
}

/**
 * The save flow of a master-data form: validate → save → reset → success toast → `then`; on
 * failure the per-field errors, the translated message as `formError` and an error toast.
 */
export function useSaveAction<S extends Schema, R>(form: ZodForm<S>, action: SaveAction<S, R>) {
  const [formError, setFormError] = useState<string>();
  const onSubmit = submitHandler(async (element) => {
    const values = form.validate(element);
    if (!values) return;
    setFormError(undefined);
    try {
      const saved = await action.save(values);
      if (action.reset) form.reset(action.reset(saved));
      toast.success(action.success());
      await action.then(saved, element);
    } catch (error) {
      const message = errorMessage(error);
      // An error of a field (a duplicate code, a 400) shows on that field, not as a banner.
      if (!form.setServerErrors(error)) setFormError(message);
      toast.error(action.failure ? action.failure() : message);
    }
  });
  return { onSubmit, formError };
}

export interface DeleteAction {
  /** Names the record in the confirmation, e.g. "item 1000". */
  what: string;
  /** The delete call. */
  remove: () => Promise<unknown>;
  /** The success toast. */
  success: () => string;
  /** After the success toast: invalidate queries, then navigate or close. */
  then: () => unknown;
}

/** The delete flow (spec §4): confirm → delete → success toast → `then`; on failure an error toast. */
export async function deleteRecord(action: DeleteAction): Promise<void> {
  if (!(await confirmDelete(action.what))) return;
  try {
    await action.remove();
    toast.success(action.success());
    await action.then();
  } catch (error) {
    toast.error(errorMessage(error));
  }
}

export interface EditRecord<S extends Schema, R> {
  update: (values: z.output<S>) => Promise<R>;
  /** The form's values for the saved record. */
  reset: (saved: R) => z.input<S>;
  remove: () => Promise<unknown>;
  /** Invalidates the record's queries, after a save and after a delete. */
  refresh: () => Promise<unknown>;
  /** Where a delete goes. */
  listPath: NavigateOptions['to'];
  text: { what: () => string; updated: () => string; deleted: () => string };
}

/** An edit form's save (stays on the page) and delete (back to the list); both refresh the queries. */
export function useEditRecord<S extends Schema, R>(form: ZodForm<S>, edit: EditRecord<S, R>) {
  const navigate = useNavigate();
  const { onSubmit } = useSaveAction(form, { save: edit.update, reset: edit.reset, success: edit.text.updated, then: edit.refresh });
  const onDelete = () =>
    deleteRecord({
      what: edit.text.what(),
      remove: edit.remove,
      success: edit.text.deleted,
      then: () => edit.refresh().then(() => navigate({ to: edit.listPath })),
    });
  return { onSubmit, onDelete };
}
