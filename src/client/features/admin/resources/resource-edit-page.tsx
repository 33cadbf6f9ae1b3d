import { NoRecordEditPage } from '../items/no-record-pages';
import { RESOURCE_KIND } from '../items/no-record-kind';

/** /admin/resources/edit?no= (spec §2): the resource form and its units of measure. */
export function ResourceEditPage({ no }: { no: string }) {
  return <NoRecordEditPage kind={RESOURCE_KIND} no={no} />;
}
