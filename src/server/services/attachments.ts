import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { Database } from '../../../db/database';
import { findAttachmentContent } from '../../../db/queries/attachments';
import { findRecord } from '../../../db/queries/worksheet';
import { ERR } from '../../shared/errors';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_PIXELS } from '../../shared/limits';
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

/** The extensions a name may already carry for each type we store; the first is the one we add. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/heic': ['heic', 'heif'],
  'image/heif': ['heif', 'heic'],
};

const MAX_NAME = 255;

function shorten(name: string, suffix = ''): string {
  if (name.length + suffix.length <= MAX_NAME) return name + suffix;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, MAX_NAME - ext.length - suffix.length) + ext + suffix;
}

/**
 * The name with an extension of its real type (issue 8 §7): a PNG uploaded as `x.html` is stored
 * and served as `x.html.png`, so that saving it never gives a file another program opens as
 * something else. The extension is appended rather than replaced: the person's name stays readable
 * and a dot inside a name ("Tilbud 2.5") is not taken for an extension.
 */
export function withRealExtension(name: string, contentType: string): string {
  const allowed = EXTENSIONS[contentType];
  if (!allowed) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return allowed.includes(ext) ? name : shorten(name, `.${allowed[0]}`);
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
  return shorten(name);
}

/** A small WebP for lists; null when sharp cannot read the image (e.g. HEIC without a HEVC decoder). */
export async function makePreview(data: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(data, { failOn: 'error', limitInputPixels: ATTACHMENT_MAX_PIXELS })
      .rotate() // EXIF orientation, so phone photos are upright
      .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** Formats sharp can re-encode as themselves (HEIC needs an HEVC decoder that sharp's build lacks). */
const REENCODE: Record<string, (img: Sharp) => Sharp> = {
  'image/jpeg': (img) => img.jpeg({ quality: 92 }),
  'image/png': (img) => img.png(),
  'image/webp': (img) => img.webp({ quality: 92 }),
};

/**
 * Reads only the header and refuses an image of more than ATTACHMENT_MAX_PIXELS (413) before any
 * pixel is decoded: a 30 000 × 30 000 PNG is ~100 KB on the wire and seconds of CPU and gigabytes
 * of memory to decode. Returns the header, or null when sharp cannot read it (HEIC).
 */
async function checkPixels(data: Buffer): Promise<Metadata | null> {
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > ATTACHMENT_MAX_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', WS_ERR.tooManyPixels);
  return meta;
}

/**
 * The original without its metadata (issue 8 §7): EXIF (GPS position, camera, times), XMP, IPTC
 * and PNG text go; the EXIF orientation is applied to the pixels first, so the photo stays
 * upright; full size and the colour profile are kept. An image that carries none of these is
 * kept byte for byte. Formats sharp cannot decode (HEIC) are kept as they are.
 */
async function stripMetadata(data: Buffer, contentType: string, meta: Metadata | null): Promise<Buffer> {
  const encode = REENCODE[contentType];
  if (!encode || !meta) return data;
  const carries = meta.exif !== undefined || meta.xmp !== undefined || meta.iptc !== undefined || (meta.comments?.length ?? 0) > 0 || (meta.orientation ?? 1) !== 1;
  if (!carries) return data;
  try {
    // failOn 'none': a phone photo with a damaged tail is still kept (as the preview does at best
    // effort), its metadata gone all the same.
    return await encode(sharp(data, { failOn: 'none', limitInputPixels: ATTACHMENT_MAX_PIXELS }).rotate().keepIccProfile()).toBuffer();
  } catch {
    // A file that passes the magic-byte check but does not decode at all: refuse it rather than
    // store metadata we promised to remove.
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', WS_ERR.fileType);
  }
}

/**
 * Checks the uploaded files (type by magic bytes → 415, size → 413, pixels → 413), strips their
 * metadata and makes their previews. Runs before the record's transaction so that no transaction
 * waits for image work. All headers are checked before any image is decoded.
 */
export async function prepareAttachments(files: readonly UploadedFile[]): Promise<PreparedAttachment[]> {
  const checked = await Promise.all(
    files.map(async (file) => {
      if (file.data.length > ATTACHMENT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', WS_ERR.fileTooLarge);
      if (file.data.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', WS_ERR.fileType);
      const type = await fileTypeFromBuffer(file.data);
      if (!type || !ALLOWED_IMAGE_TYPES.has(type.mime)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', WS_ERR.fileType);
      return { file, type, meta: await checkPixels(file.data) };
    }),
  );
  return Promise.all(
    checked.map(async ({ file, type, meta }) => {
      const data = await stripMetadata(file.data, type.mime, meta);
      const preview = await makePreview(data);
      return {
        fileName: withRealExtension(cleanFileName(file.fileName, type.ext), type.mime),
        contentType: type.mime,
        size: data.length,
        data,
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
  const record = await findRecord(db, actor, worksheetId);
  if (!record || !canSeeRecord(actor, record, record)) throw new AppError('NOT_FOUND', ERR.notFound);
  const row = await findAttachmentContent(db, actor.accountId, worksheetId, attachmentId, preview);
  if (!row) throw new AppError('NOT_FOUND', ERR.notFound);
  if (preview) {
    if (!row.content) return { fileName: 'preview.svg', contentType: 'image/svg+xml', data: PLACEHOLDER_SVG };
    const base = row.fileName.replace(/\.[^.]*$/, '');
    return { fileName: `${base}-preview.webp`, contentType: row.previewType ?? 'image/webp', data: row.content };
  }
  if (!row.content) throw new AppError('NOT_FOUND', ERR.notFound);
  // Also for files stored before names got their real extension.
  return { fileName: withRealExtension(row.fileName, row.contentType), contentType: row.contentType, data: row.content };
}
