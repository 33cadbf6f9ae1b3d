import { NoRecordListPage } from '../items/no-record-pages';
import { RESOURCE_KIND } from '../items/no-record-kind';

/** /admin/resources (spec §2). */
export function ResourcesPage() {
  return <NoRecordListPage kind={RESOURCE_KIND} />;
}
