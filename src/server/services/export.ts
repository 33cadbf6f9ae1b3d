import { downloadCounts, type ExportScope } from '../../../db/queries/export';
import { ERR, cannotBe } from '../../shared/errors';
import { effectiveMode } from '../../shared/permissions';
import { EXPORT_ERR, type TDownloadInfo, type TDownloadOptions } from '../../shared/schemas/export';
import type { Actor, Context } from '../context';
import { AppError } from '../errors';

/** What one download does, after the role checks of DESIGN §4. */
export interface ExportPlan {
  scope: ExportScope;
  /** mark the records as exported in the same transaction */
  mark: boolean;
  languageCode: string;
}

/**
 * Who may download what (DESIGN §4): everyone the entries they can see in the tab (Basic always
 * YOURS; ALL is an admin tab); marking as exported is Teamleader/Admin only, never for archived
 * entries, and covers only what they may manage — Admin any record, Teamleader the TEAM scope.
 */
export function planExport(actor: Actor, input: Pick<TDownloadOptions, 'mode' | 'exported' | 'shouldMarkAsExported'>): ExportPlan {
  const mode = effectiveMode(actor.profileType, input.mode);
  if (mode === null) throw new AppError('FORBIDDEN', ERR.forbidden);
  const mark = input.shouldMarkAsExported;
  if (mark && actor.profileType === 'Basic') throw new AppError('FORBIDDEN', ERR.forbidden);
  if (mark && input.exported) {
    throw new AppError('BAD_REQUEST', EXPORT_ERR.archivedCannotBeMarked, { shouldMarkAsExported: [cannotBe('shouldMarkAsExported', 'true')] });
  }
  return {
    mark,
    languageCode: actor.languageCode,
    scope: {
      accountId: actor.accountId,
      viewer: actor.username,
      teamCode: actor.teamCode,
      mode,
      manage: actor.profileType === 'Admin' ? 'any' : actor.profileType === 'Teamleader' ? 'team' : 'none',
      exported: input.exported,
    },
  };
}

/** The numbers the download modal shows (and its warning about unapproved entries). */
export async function downloadInfo(ctx: Context & { actor: Actor }, input: Pick<TDownloadOptions, 'entries' | 'mode' | 'exported'>): Promise<TDownloadInfo> {
  const plan = planExport(ctx.actor, { ...input, shouldMarkAsExported: false });
  const canMark = plan.scope.manage !== 'none' && !input.exported;
  if (input.entries.length === 0) return { entries: 0, unapproved: 0, markable: 0, markableUnapproved: 0, canMark };
  const counts = await downloadCounts(ctx.db, canMark ? plan.scope : { ...plan.scope, manage: 'none' }, input.entries);
  return { ...counts, canMark };
}
