import { ZDownloadInfo, ZDownloadInfoInput } from '../../shared/schemas/export';
import { downloadInfo } from '../services/export';
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
};
