import { m } from './paraglide/messages.js';
import type { ReportGroup } from './schemas/report';

/** The name of each report group (issue 26), for the page (in the user's locale) and the files (in the file's). */
export const REPORT_GROUP_NAME: Record<ReportGroup, (inputs?: Record<string, never>, options?: { locale?: 'en' | 'da' }) => string> = {
  job: m.rep_group_job,
  jobTask: m.rep_group_job_task,
  customer: m.rep_group_customer,
  person: m.rep_group_person,
  workType: m.rep_group_work_type,
  unit: m.rep_group_unit,
  week: m.rep_group_week,
  month: m.rep_group_month,
};
