import { z } from 'zod';
import { bool, enumOf, id } from '../fields';
import { MODES } from '../limits';

/** At most this many ids per download (a year of a large account); the body stays under EXPORT_BODY_MAX_BYTES. */
export const EXPORT_MAX_ENTRIES = 1_000_000;
/** JSON body limit of POST /api/worksheet/download: 1 000 000 ids of 7 digits and a comma, with room to spare. */
export const EXPORT_BODY_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Export sentences that are not in src/shared/errors.ts; the client translates them in
 * src/client/features/export/export-errors.ts.
 */
export const EXPORT_ERR = {
  tooManyEntries: `At most ${EXPORT_MAX_ENTRIES} entries can be downloaded at once`,
  archivedCannotBeMarked: 'Archived entries cannot be marked as exported again',
} as const;

const ignoredAccountId = z.unknown().optional().describe('Ignored; the account is the caller’s');

const entryIds = z
  .array(id(), { error: 'Field must be a list of record ids' })
  .max(EXPORT_MAX_ENTRIES, EXPORT_ERR.tooManyEntries)
  .describe('Ids of the worksheet records to download; ids the caller may not see are ignored');

/** POST /api/worksheet/download (spec §7). The answer is text/csv, not JSON. */
export const ZDownloadInput = z.object({
  accountId: ignoredAccountId,
  entries: entryIds,
  /** The tab the entries were shown in; Basic users always get YOURS. */
  mode: enumOf(MODES).optional().describe('YOURS (default), TEAM or ALL'),
  /** Mark the downloaded entries as exported (Teamleader/Admin; not for archived entries). */
  shouldMarkAsExported: bool().optional().default(false),
  /** true: the ids are archived (exported) entries, as in the archive screen. */
  exported: bool().optional().default(false),
});
export type TDownloadInput = z.input<typeof ZDownloadInput>;
export type TDownloadOptions = z.output<typeof ZDownloadInput>;

/** What the download modal shows before anything is downloaded. */
export const ZDownloadInfoInput = ZDownloadInput.omit({ shouldMarkAsExported: true });
export type TDownloadInfoInput = z.input<typeof ZDownloadInfoInput>;

export const ZDownloadInfo = z.object({
  /** Entries a plain download holds. */
  entries: z.number().int(),
  /** …of which not approved. */
  unapproved: z.number().int(),
  /** Entries "Download and mark as exported" would mark (0 for Basic users and in the archive). */
  markable: z.number().int(),
  /** …of which not approved (the modal warns about these). */
  markableUnapproved: z.number().int(),
  /** The caller may mark entries as exported at all (Teamleader, Admin). */
  canMark: z.boolean(),
});
export type TDownloadInfo = z.infer<typeof ZDownloadInfo>;
