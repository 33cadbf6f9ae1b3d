import type { ApprovalFilter, Mode } from '../../../shared/limits';

/**
 * What a download covers (issue 38): the list's filter with the names of GET /api/worksheet, sent
 * as it is — never the ids the page happened to load — so the file holds what the list shows.
 */
export interface DownloadSelection {
  mode: Mode;
  from?: string;
  to?: string;
  customerNo?: string;
  jobCode?: string;
  username?: string;
  status?: ApprovalFilter;
  batchId?: number;
}
