// Without zod, so the Reports route's search check (in the router's first chunk) does not load it (decision 0172).

/** What a report can be grouped by (issue 26): one or two of these, in order. */
export const REPORT_GROUPS = ['job', 'jobTask', 'customer', 'person', 'workType', 'unit', 'week', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
/** What each line sums: hours (Resource entries), quantity per unit of measure, entries, shares approved / exported. */
export const REPORT_MEASURES = ['hours', 'quantity', 'entries', 'approved', 'exported'] as const;
export type ReportMeasure = (typeof REPORT_MEASURES)[number];
export const REPORT_STATUSES = ['any', 'approved', 'unapproved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_SOURCES = ['both', 'worksheet', 'archive'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];
export const REPORT_MAX_GROUPS = 2;
export const REPORT_MAX_YEARS = 5;
