import { m } from '../../../../shared/paraglide/messages.js';
import { confirm } from '../../../components/confirm';

/** Spec §4: every delete asks first. `what` names the record, e.g. "item 1000". */
export function confirmDelete(what: string): Promise<boolean> {
  return confirm({
    title: m.admin_delete_title(),
    message: m.admin_delete_message({ what }),
    confirmLabel: m.admin_delete(),
    danger: true,
  });
}
