import { useState } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import { Button } from '../../components/button';
import { LazyBoundary, lazyPart, useMountedOnce } from '../../lib/lazy';
import type { DownloadModalProps } from './download-modal';
import type { DownloadSelection } from './download-selection';
import './export.css';

// The modal opens only on a click: its chunk comes then, or on hover/focus (decision 0185).
const Modal = lazyPart<DownloadModalProps>(() => import('./download-modal').then((mod) => mod.DownloadModal));

export interface DownloadButtonProps {
  /** The list's filter (tab, period, person, customer, job, status): the file holds what the list shows. */
  selection: DownloadSelection;
  /** Archived entries (the archive screen): a plain download only. */
  archive?: boolean;
  /** Writes a period chosen in the dialog into the list's filter (the URL). */
  onPeriodChange: (period: { from?: string; to?: string }) => void;
  /** Called after entries were marked as exported; the worksheet list is reloaded either way. */
  onMarked?: () => void;
}

/** The Download button of the worksheet and the archive; it opens the download modal (spec §2). */
export function DownloadButton({ selection, archive, onPeriodChange, onMarked }: DownloadButtonProps) {
  const [open, setOpen] = useState(false);
  const [mounted, unmount] = useMountedOnce(open);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} onPointerEnter={Modal.preload} onFocus={Modal.preload} className="exp-download-button">
        <svg className="exp-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 4v11m0 0l-4-4m4 4l4-4M4 18v1a1 1 0 001 1h14a1 1 0 001-1v-1" />
        </svg>
        {m.exp_download()}
      </Button>
      {mounted && (
        <LazyBoundary
          part={Modal}
          onFailed={() => {
            setOpen(false);
            unmount();
          }}
        >
          <Modal.Component open={open} onClose={() => setOpen(false)} selection={selection} archive={archive ?? false} onPeriodChange={onPeriodChange} onMarked={onMarked} />
        </LazyBoundary>
      )}
    </>
  );
}
