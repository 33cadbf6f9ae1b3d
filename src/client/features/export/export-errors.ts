import { m } from '../../../shared/paraglide/messages.js';
import { EXPORT_ERR } from '../../../shared/schemas/export-files';
import { errorMessage, translateError } from '../../lib/translate-error';

/** The export's own server sentences in the active language; the rest via the shared catalogue. */
const exact: Record<string, () => string> = {
  [EXPORT_ERR.tooManyEntries]: m.exp_err_too_many,
  [EXPORT_ERR.archivedCannotBeMarked]: m.exp_err_archived_mark,
};

export function translateExportError(text: string): string {
  return exact[text]?.() ?? translateError(text);
}

export function exportErrorMessage(error: unknown): string {
  if (error instanceof Error && exact[error.message]) return exact[error.message]!();
  return errorMessage(error);
}
