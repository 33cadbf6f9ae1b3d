import { useEffect, useMemo, useRef, useState } from 'react';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import { getLocale } from '../../../shared/paraglide/runtime.js';
import { cameraFileName } from '../../../shared/worksheet-rules';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { toast } from '../../lib/toast';
import { attachmentUrl } from './ws-api';
import { formatBytes } from './ws-data';

export interface StoredAttachment {
  id: number;
  fileName: string;
}

interface AttachmentModalProps {
  open: boolean;
  onClose: () => void;
  /** New photos, uploaded on submit. */
  files: File[];
  onFilesChange: (files: File[]) => void;
  /** Edit mode: the record's stored photos and the ids still kept. */
  worksheetId?: number | undefined;
  stored?: StoredAttachment[];
  keptIds?: number[];
  onKeptChange?: (ids: number[]) => void;
}

/** Camera button only on mobile devices that are not iOS (spec §2), and only where a camera API exists. */
export function cameraSupported(): boolean {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return false;
  const ua = navigator.userAgent;
  const iOS = /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  const uaData = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  const mobile = uaData?.mobile ?? /Android|Mobi/i.test(ua);
  return mobile && !iOS;
}

const isImage = (file: File) => file.type.startsWith('image/') || /\.(jpe?g|png|webp|heic|heif)$/i.test(file.name);

/**
 * Spec §2 attachment modal: pick several photos, take one with the camera (mobile, not iOS), see
 * new ones with name, size and remove, and stored ones with remove, undo and full-screen view.
 */
export function AttachmentModal({ open, onClose, files, onFilesChange, worksheetId, stored = [], keptIds = [], onKeptChange }: AttachmentModalProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [fullView, setFullView] = useState<{ src: string; name: string } | null>(null);
  const locale = getLocale();
  const kept = stored.filter((a) => keptIds.includes(a.id));
  const total = kept.length + files.length;
  const changedStored = kept.length !== stored.length;
  const previews = useObjectUrls(files);

  useEffect(() => {
    if (!open) setProblem(null);
  }, [open]);

  const add = (incoming: File[]) => {
    const errors: string[] = [];
    const accepted: File[] = [];
    for (const file of incoming) {
      if (!isImage(file)) errors.push(m.ws_att_not_image({ name: file.name }));
      else if (file.size > ATTACHMENT_MAX_BYTES) errors.push(m.ws_att_too_large({ name: file.name, max: String(ATTACHMENT_MAX_BYTES / 1024 / 1024) }));
      else if (total + accepted.length >= ATTACHMENT_MAX_FILES) {
        errors.push(m.ws_att_too_many({ max: String(ATTACHMENT_MAX_FILES) }));
        break;
      } else accepted.push(file);
    }
    setProblem(errors.length ? errors.join(' ') : null);
    if (accepted.length) onFilesChange([...files, ...accepted]);
  };

  const allNames = [...files.map((f) => f.name), ...stored.map((a) => a.fileName)];

  return (
    <>
      <Modal
        open={open && !cameraOpen && !fullView}
        title={m.ws_att_title()}
        onClose={onClose}
        size="large"
        footer={
          <Button variant="primary" onClick={onClose} data-autofocus>
            {m.ws_att_done()}
          </Button>
        }
      >
        <div className="ws-att">
          <ul className="ws-att__info">
            <li>{m.ws_att_info_upload()}</li>
            {stored.length > 0 && <li>{m.ws_att_info_detach()}</li>}
          </ul>
          <div className="ws-att__actions">
            <Button variant="secondary" onClick={() => inputRef.current?.click()} disabled={total >= ATTACHMENT_MAX_FILES}>
              <svg className="ws-icon" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3" />
              </svg>
              {m.ws_att_pick()}
            </Button>
            {cameraSupported() && (
              <Button variant="secondary" onClick={() => setCameraOpen(true)} disabled={total >= ATTACHMENT_MAX_FILES}>
                <svg className="ws-icon" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
                  <circle cx="12" cy="13" r="3.5" />
                </svg>
                {m.ws_att_camera()}
              </Button>
            )}
            <span className="ws-att__count">{m.ws_att_count({ count: String(total), max: String(ATTACHMENT_MAX_FILES) })}</span>
            <input
              ref={inputRef}
              type="file"
              accept="image/*"
              multiple
              hidden
              data-testid="ws-file-input"
              onChange={(event) => {
                add([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
          </div>
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}

          {files.length > 0 && (
            <section aria-labelledby="ws-att-new">
              <h3 id="ws-att-new" className="ws-att__heading">
                {m.ws_att_new()}
              </h3>
              <ul className="ws-att__files">
                {files.map((file, index) => (
                  <li key={`${file.name}-${index}`} className="ws-att__file">
                    <img className="ws-att__thumb" src={previews[index]} alt="" />
                    <span className="ws-att__name">{file.name}</span>
                    <span className="ws-att__size">{formatBytes(file.size, locale)}</span>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={m.ws_att_remove({ name: file.name })}
                      onClick={() => onFilesChange(files.filter((_, i) => i !== index))}
                    >
                      <svg viewBox="0 0 24 24" aria-hidden="true">
                        <path d="M6 6l12 12M18 6L6 18" />
                      </svg>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {stored.length > 0 && worksheetId !== undefined && (
            <section aria-labelledby="ws-att-stored">
              <div className="ws-att__stored-head">
                <h3 id="ws-att-stored" className="ws-att__heading">
                  {m.ws_att_stored()}
                </h3>
                <Button variant="ghost" disabled={!changedStored} onClick={() => onKeptChange?.(stored.map((a) => a.id))}>
                  {m.ws_att_undo()}
                </Button>
              </div>
              <ul className="ws-att__grid">
                {stored.map((a) => {
                  const isKept = keptIds.includes(a.id);
                  return (
                    <li key={a.id} className={isKept ? 'ws-att__photo' : 'ws-att__photo is-removed'}>
                      <button
                        type="button"
                        className="ws-att__view"
                        onClick={() => setFullView({ src: attachmentUrl(worksheetId, a.id), name: a.fileName })}
                        aria-label={m.ws_att_view({ name: a.fileName })}
                      >
                        <img src={attachmentUrl(worksheetId, a.id, true)} alt="" loading="lazy" />
                      </button>
                      <span className="ws-att__name">{a.fileName}</span>
                      {isKept ? (
                        <Button variant="ghost" onClick={() => onKeptChange?.(keptIds.filter((id) => id !== a.id))} aria-label={m.ws_att_remove({ name: a.fileName })}>
                          {m.ws_att_remove_short()}
                        </Button>
                      ) : (
                        <span className="ws-att__removed">{m.ws_att_removed()}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
          {files.length === 0 && stored.length === 0 && <p className="ws-att__empty">{m.ws_att_none()}</p>}
        </div>
      </Modal>
      {cameraOpen && (
        <CameraDialog
          onClose={() => setCameraOpen(false)}
          onPhoto={(file) => {
            add([file]);
            toast.success(m.ws_toast_photo_taken());
            setCameraOpen(false);
          }}
          nameFor={(at) => cameraFileName(at, allNames)}
        />
      )}
      <FullView view={fullView} onClose={() => setFullView(null)} />
    </>
  );
}

/** A stored photo at full size; "Full screen" hands it to the browser's full-screen mode. */
export function FullView({ view, onClose }: { view: { src: string; name: string } | null; onClose: () => void }) {
  const imgRef = useRef<HTMLImageElement>(null);
  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled;
  return (
    <Modal
      open={view !== null}
      title={view?.name ?? ''}
      onClose={onClose}
      size="large"
      footer={
        canFullscreen ? (
          <Button variant="secondary" onClick={() => void imgRef.current?.requestFullscreen().catch(() => {})}>
            {m.ws_att_fullscreen()}
          </Button>
        ) : undefined
      }
    >
      {view && <img ref={imgRef} className="ws-att__full" src={view.src} alt={view.name} />}
    </Modal>
  );
}

/** Object URLs for thumbnails of the new files, revoked when they go. */
function useObjectUrls(files: File[]): string[] {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

/** Live camera (getUserMedia, back camera preferred); "Take photo" saves a PNG named photo-yyyyMMddHHmm.png. */
function CameraDialog({ onClose, onPhoto, nameFor }: { onClose: () => void; onPhoto: (file: File) => void; nameFor: (at: Date) => string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  // The stream starts once; a new onClose from a parent render must not restart it.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then((s) => {
        if (cancelled) return s.getTracks().forEach((t) => t.stop());
        stream = s;
        const video = videoRef.current;
        if (video) {
          video.srcObject = s;
          void video
            .play()
            .then(() => setReady(true))
            .catch(() => setReady(true));
        }
      })
      .catch(() => {
        toast.error(m.ws_toast_camera_failed());
        closeRef.current();
      });
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  const take = () => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    canvas.toBlob((blob) => {
      if (!blob) return toast.error(m.ws_toast_camera_failed());
      onPhoto(new File([blob], nameFor(new Date()), { type: 'image/png' }));
    }, 'image/png');
  };

  return (
    <Modal
      open
      title={m.ws_att_camera()}
      onClose={onClose}
      size="large"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {m.action_cancel()}
          </Button>
          <Button variant="primary" onClick={take} disabled={!ready} data-autofocus>
            {m.ws_att_take()}
          </Button>
        </>
      }
    >
      <video ref={videoRef} className="ws-camera" playsInline muted />
    </Modal>
  );
}
