import { z } from 'zod';
import { ERR } from '../../shared/errors';
import { rawRoute, type RawRoute } from '../http/raw-route';
import { AppError } from '../errors';
import { readAttachment } from '../services/attachments';

const positiveInt = (s: string | undefined) => (s !== undefined && /^\d{1,10}$/.test(s) && Number(s) > 0 && Number(s) <= 2147483647 ? Number(s) : null);
/** An id that is not a positive integer names no attachment: 404, like one of another account. */
const idParam = z.string().transform(positiveInt);
const ZAttachmentInput = z.object({
  worksheetId: idParam,
  attachmentId: idParam,
  preview: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** GET /api/attachment/{worksheetId}/{attachmentId}[?preview=1] */
export const attachmentRawRoutes: RawRoute[] = [
  rawRoute({
    method: 'GET',
    auth: 'authed',
    input: ZAttachmentInput,
    path: '/api/attachment/{worksheetId}/{attachmentId}',
    summary: 'An attachment of a worksheet record (?preview=1: a small WebP preview)',
    tags: ['worksheet'],
    openapi: {
      parameters: [
        { name: 'worksheetId', in: 'path', required: true, schema: { type: 'integer' } },
        { name: 'attachmentId', in: 'path', required: true, schema: { type: 'integer' } },
        { name: 'preview', in: 'query', required: false, schema: { type: 'string', enum: ['1'] } },
      ],
      responses: {
        '200': { description: 'The image', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
        '401': { description: 'Not logged in' },
        '404': { description: 'No such attachment, or a record the caller may not see' },
      },
    },
    async handle({ ctx, res, input: { worksheetId, attachmentId, preview } }) {
      if (worksheetId === null || attachmentId === null) throw new AppError('NOT_FOUND', ERR.notFound);
      const file = await readAttachment(ctx.db, ctx.actor, worksheetId, attachmentId, preview);
      res.writeHead(200, {
        'Content-Type': file.contentType,
        'Content-Length': String(file.data.byteLength),
        'X-Content-Type-Options': 'nosniff',
        'Content-Disposition': contentDisposition(file.fileName),
        // Not kept by the browser at all (decision 0062): a cached photo would outlive the logout
        // on a shared device, and previews are small enough to fetch again.
        'Cache-Control': 'private, no-store',
        // An SVG placeholder or an image opened directly must never run anything.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      });
      res.end(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
    },
  }),
];
