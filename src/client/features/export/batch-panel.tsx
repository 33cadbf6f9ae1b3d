import { useId, useState } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import { EXPORT_FILE_NAMES, type TExportBatch } from '../../../shared/schemas/export';
import { Button } from '../../components/button';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { downloadBatch } from './download';

/**
 * The archive's export batch filter (issue 24): choose one "download and mark as exported", see
 * what it held, and download its file again — byte for byte the first one (decision 0201).
 */
export function BatchPanel({ batchId, onChange }: { batchId: number | null; onChange: (id: number | null) => void }) {
  const id = useId();
  const list = trpc.worksheet.exportBatches.useQuery({ limit: 50 }, { staleTime: 30_000 });
  const listed = list.data?.items ?? [];
  // A batch opened by link may be older than the list's first page.
  const single = trpc.worksheet.exportBatch.useQuery({ id: batchId ?? 0 }, { enabled: batchId !== null && !listed.some((b) => b.id === batchId) && !list.isLoading });
  const batch: TExportBatch | undefined = listed.find((b) => b.id === batchId) ?? (single.data?.id === batchId ? single.data : undefined);
  const options = batch && !listed.some((b) => b.id === batch.id) ? [batch, ...listed] : listed;
  const [busy, setBusy] = useState(false);

  const again = async () => {
    if (!batch) return;
    setBusy(true);
    try {
      await downloadBatch(batch.id, EXPORT_FILE_NAMES[batch.fileType]);
      toast.info(m.exp_download_started());
    } catch (error) {
      toast.error(`${m.exp_download_failed()}: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const label = (b: TExportBatch) => m.exp_batch_option({ documentNo: b.documentNo, date: formatDateTime(b.createdAt), count: formatNumber(b.entryCount), by: b.createdBy });

  return (
    <section className="card exp-batch" aria-labelledby={`${id}-label`}>
      <div className="field exp-batch__select">
        <label className="field__label" htmlFor={id} id={`${id}-label`}>
          {m.exp_filter_batch()}
        </label>
        <div className="field__control">
          <select
            id={id}
            name="batchId"
            className="input"
            value={batchId === null ? '' : String(batchId)}
            onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">{m.exp_filter_all_batches()}</option>
            {options.map((b) => (
              <option key={b.id} value={String(b.id)}>
                {label(b)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {batch && (
        <div className="exp-batch__summary">
          <p>{m.exp_batch_summary({ documentNo: batch.documentNo, count: formatNumber(batch.entryCount), date: formatDateTime(batch.createdAt), by: batch.createdBy })}</p>
          <Button variant="secondary" onClick={() => void again()} loading={busy} disabled={busy}>
            {m.exp_batch_download_again()}
          </Button>
        </div>
      )}
      {single.error && (
        <p className="form-error" role="alert">
          {errorMessage(single.error)}
        </p>
      )}
    </section>
  );
}
