import { forgetIdentity } from './identity';
import { deleteAllCopies } from './master-data-store';

/** Logout (issue 14, decision 0150): the device keeps nothing of the user's identity or master data. */
export async function clearOfflineData(): Promise<void> {
  forgetIdentity();
  await deleteAllCopies();
}
