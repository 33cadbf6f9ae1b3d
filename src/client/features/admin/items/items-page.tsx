import { NoRecordListPage } from './no-record-pages';
import { ITEM_KIND } from './no-record-kind';

/** /admin/items (spec §2). */
export function ItemsPage() {
  return <NoRecordListPage kind={ITEM_KIND} />;
}
