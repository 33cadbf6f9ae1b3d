import {
  ZDownloadInfo,
  ZDownloadInfoInput,
  ZExportBatch,
  ZExportBatchIdInput,
  ZExportBatchList,
  ZExportBatchListInput,
  ZExportPreferences,
  ZExportPreview,
  ZExportPreviewInput,
} from '../../shared/schemas/export';
import { downloadInfo, exportPreferences, getExportBatch, listExportBatches, previewExport, saveExportPreferences } from '../services/export';
import { authedProcedure } from '../trpc';

const tags = ['worksheet'];

/**
 * Export procedures, merged into the `worksheet` router. The CSV itself is a raw route
 * (export-raw.ts); this tells the download modal what a download would hold before it starts.
 * A mutation only because the id list can be too long for a URL; it changes nothing.
 */
export const exportProcedures = {
  downloadInfo: authedProcedure
    .meta({
      rest: { method: 'POST', path: '/api/worksheet/download/info' },
      summary: 'How many of the entries a download holds, how many are unapproved, and how many a mark as exported would take',
      tags,
    })
    .input(ZDownloadInfoInput)
    .output(ZDownloadInfo)
    .mutation(({ ctx, input }) => downloadInfo(ctx, input)),

  downloadPreferences: authedProcedure
    .meta({
      rest: { method: 'GET', path: '/api/worksheet/download/preferences' },
      summary: 'The file the download modal offers first: the caller’s remembered choice, else csv in the language’s flavour',
      tags,
    })
    .output(ZExportPreferences)
    .query(({ ctx }) => exportPreferences(ctx.db, ctx.actor)),

  setDownloadPreferences: authedProcedure
    .meta({
      rest: { method: 'PUT', path: '/api/worksheet/download/preferences', keyless: true },
      summary: 'Remember the caller’s choice of file (csv or xlsx) and CSV flavour (danish or international)',
      tags,
    })
    .input(ZExportPreferences)
    .output(ZExportPreferences)
    .mutation(({ ctx, input }) => saveExportPreferences(ctx.db, ctx.actor, input)),

  downloadPreview: authedProcedure
    .meta({
      rest: { method: 'POST', path: '/api/worksheet/download/preview' },
      summary: 'What a download with these options would hold: count, hours, quantities per unit, period, and the entries left out because not approved',
      tags,
    })
    .input(ZExportPreviewInput)
    .output(ZExportPreview)
    .mutation(({ ctx, input }) => previewExport(ctx, input)),

  exportBatches: authedProcedure
    .meta({
      rest: { method: 'GET', path: '/api/export/batch' },
      summary: 'Export batches (one per “download and mark as exported”), newest first, paged: Admin and API key all, a Teamleader their own',
      tags: ['export'],
    })
    .input(ZExportBatchListInput)
    .output(ZExportBatchList)
    .query(({ ctx, input }) => listExportBatches(ctx, input)),

  exportBatch: authedProcedure
    .meta({
      rest: { method: 'GET', path: '/api/export/batch/{id}' },
      summary: 'One export batch: who, when, filters, file type, count and checksum of the file',
      tags: ['export'],
    })
    .input(ZExportBatchIdInput)
    .output(ZExportBatch)
    .query(({ ctx, input }) => getExportBatch(ctx.db, ctx.actor, input.id)),
};
