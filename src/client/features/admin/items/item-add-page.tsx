import { NoRecordAddPage } from './no-record-pages';
import { ITEM_KIND } from './no-record-kind';

/** /admin/items/add (spec §2). */
export function ItemAddPage() {
  return <NoRecordAddPage kind={ITEM_KIND} />;
}
