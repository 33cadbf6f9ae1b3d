import { lazy, Suspense, type ComponentType } from 'react';
import type { Mode } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import { Button } from '../../components/button';

/**
 * What the worksheet home hands to the export feature's download button (its modal is the export
 * issue's): the ids of the listed entries, the tab, and whether they are archived.
 */
export interface DownloadButtonProps {
  entries: number[];
  mode: Mode;
  exported: boolean;
}

// Loaded only if src/client/features/export/download-button.tsx exists (built in another issue).
const modules = import.meta.glob<{ DownloadButton: ComponentType<DownloadButtonProps> }>('../export/download-button.tsx');
const loader = Object.values(modules)[0];
const ExportDownloadButton = loader ? lazy(() => loader().then((mod) => ({ default: mod.DownloadButton }))) : null;

function Placeholder({ disabled }: { disabled?: boolean }) {
  return (
    <Button variant="secondary" disabled title={disabled ? undefined : m.ws_download_unavailable()}>
      <DownloadIcon />
      {m.ws_download()}
    </Button>
  );
}

export function DownloadIcon() {
  return (
    <svg className="ws-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 4v11m0 0l-4-4m4 4l4-4M4 18v1a1 1 0 001 1h14a1 1 0 001-1v-1" />
    </svg>
  );
}

/** The export feature's Download button, or a disabled stand-in until that feature exists. */
export function DownloadSlot(props: DownloadButtonProps) {
  if (!ExportDownloadButton) return <Placeholder />;
  return (
    <Suspense fallback={<Placeholder disabled />}>
      <ExportDownloadButton {...props} />
    </Suspense>
  );
}
