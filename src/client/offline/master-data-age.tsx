import { m } from '../../shared/paraglide/messages.js';
import { intlLocale } from '../lib/format';
import { useCopySavedAt } from './master-data-sync';
import { formatCopyTime } from './offline-search';
import { useOnline } from './online';
import './offline.css';

/** On the entry form when offline: how old the master data the pickers offer is ("Master data from 14:02"). */
export function MasterDataAge() {
  const online = useOnline();
  const saved = useCopySavedAt(!online);
  if (online || saved.data === undefined) return null;
  return (
    <p className="offline-age" role="note" data-testid="master-data-age">
      {saved.data === null ? m.offline_md_none() : m.offline_md_age({ time: formatCopyTime(saved.data, Date.now(), intlLocale()) })}
    </p>
  );
}
