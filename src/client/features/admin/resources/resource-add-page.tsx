import { NoRecordAddPage } from '../items/no-record-pages';
import { RESOURCE_KIND } from '../items/no-record-kind';

/** /admin/resources/add (spec §2). */
export function ResourceAddPage() {
  return <NoRecordAddPage kind={RESOURCE_KIND} />;
}
