import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Database } from '../../../db/database';
import { findAttachmentContent } from '../../../db/queries/attachments';
import { findRecord } from '../../../db/queries/worksheet';
import { ERR } from '../../shared/errors';
import { ATTACHMENT_MAX_BYTES } from '../../shared/limits';
import { canSeeRecord } from '../../shared/permissions';
import { WS_ERR } from '../../shared/schemas/worksheet';
import type { Actor, UploadedFile } from '../context';
import { AppError } from '../errors';

/** Images a record may carry (DESIGN §4), by their magic bytes — never by the name or the browser's claim. */
export const ALLOWED_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

/** Longest side of the stored preview, in pixels (lists and the modal show these, not the photo). */
export const PREVIEW_SIZE = 320;

export interface PreparedAttachment {
  fileName: string;
  contentType: string;
  size: number;
  data: Buffer;
  preview: Buffer | null;
  previewType: string | null;
}

/**
 * A file name that is safe to store and to put into Content-Disposition: no path, no control
 * characters, at most 255 characters (the extension kept).
 */
export function cleanFileName(raw: string, ext: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  let name = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  if (name === '' || name === '.' || name === '..') name = `photo.${ext}`;
  if (name.length > 255) {
    const dot = name.lastIndexOf('.');
    const suffix = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, 255 - suffix.length) + suffix;
  }
  return name;
}

/** A small WebP for lists; null when sharp cannot read the image (e.g. HEIC without a HEVC decoder). */
export async function makePreview(data: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(data, { failOn: 'error', limitInputPixels: 100_000_000 })
      .rotate() // EXIF orientation, so phone photos are upright
      .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * Checks the uploaded files (type by magic bytes → 415, size → 413) and makes their previews.
 * Runs before the record's transaction so that no transaction waits for image work.
 */
export async function prepareAttachments(files: readonly UploadedFile[]): Promise<PreparedAttachment[]> {
  const checked = await Promise.all(
    files.map(async (file) => {
      if (file.data.length > ATTACHMENT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', WS_ERR.fileTooLarge);
      if (file.data.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', WS_ERR.fileType);
      const type = await fileTypeFromBuffer(file.data);
      if (!type || !ALLOWED_IMAGE_TYPES.has(type.mime)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', WS_ERR.fileType);
      return { file, type };
    }),
  );
  return Promise.all(
    checked.map(async ({ file, type }) => {
      const preview = await makePreview(file.data);
      return {
        fileName: cleanFileName(file.fileName, type.ext),
        contentType: type.mime,
        size: file.data.length,
        data: file.data,
        preview,
        previewType: preview ? 'image/webp' : null,
      };
    }),
  );
}

export interface AttachmentContent {
  fileName: string;
  contentType: string;
  data: Uint8Array;
}

/** A generic picture icon, served as the preview of an image the server could not shrink (HEIC). */
const PLACEHOLDER_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="320" height="320"><rect width="64" height="64" rx="8" fill="#e2e8f0"/><rect x="14" y="18" width="36" height="28" rx="3" fill="none" stroke="#64748b" stroke-width="3"/><circle cx="25" cy="28" r="4" fill="#64748b"/><path d="M16 44l10-10 7 7 6-5 9 8" fill="none" stroke="#64748b" stroke-width="3" stroke-linejoin="round"/></svg>',
);

/**
 * An attachment for a user who may see its record; 404 otherwise (also for another account's or a
 * hidden record — indistinguishable from missing).
 */
export async function readAttachment(db: Database, actor: Actor, worksheetId: number, attachmentId: number, preview: boolean): Promise<AttachmentContent> {
  const record = await findRecord(db, actor.accountId, worksheetId);
  if (!record || !canSeeRecord(actor, record, record)) throw new AppError('NOT_FOUND', ERR.notFound);
  const row = await findAttachmentContent(db, actor.accountId, worksheetId, attachmentId, preview);
  if (!row) throw new AppError('NOT_FOUND', ERR.notFound);
  if (preview) {
    if (!row.content) return { fileName: 'preview.svg', contentType: 'image/svg+xml', data: PLACEHOLDER_SVG };
    const base = row.fileName.replace(/\.[^.]*$/, '');
    return { fileName: `${base}-preview.webp`, contentType: row.previewType ?? 'image/webp', data: row.content };
  }
  if (!row.content) throw new AppError('NOT_FOUND', ERR.notFound);
  return { fileName: row.fileName, contentType: row.contentType, data: row.content };
}
