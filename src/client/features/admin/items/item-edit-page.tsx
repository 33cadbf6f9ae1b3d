import { NoRecordEditPage } from './no-record-pages';
import { ITEM_KIND } from './no-record-kind';

/** /admin/items/edit?no= (spec §2): the item form and its units of measure. */
export function ItemEditPage({ no }: { no: string }) {
  return <NoRecordEditPage kind={ITEM_KIND} no={no} />;
}
