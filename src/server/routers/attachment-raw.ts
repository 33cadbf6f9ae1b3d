import { ERR } from '../../shared/errors';
import type { RawRoute } from '../http/raw-route';
import { AppError } from '../errors';
import { readAttachment } from '../services/attachments';

const positiveInt = (s: string | undefined) => (s !== undefined && /^\d{1,10}$/.test(s) && Number(s) > 0 && Number(s) <= 2147483647 ? Number(s) : null);

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** GET /api/attachment/{worksheetId}/{attachmentId}[?preview=1] */
export const attachmentRawRoutes: RawRoute[] = [
  {
    method: 'GET',
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
    async handle({ ctx, res, params, url }) {
      if (!ctx.actor) throw new AppError('UNAUTHORIZED', ERR.unauthorized);
      const worksheetId = positiveInt(params.worksheetId);
      const attachmentId = positiveInt(params.attachmentId);
      if (worksheetId === null || attachmentId === null) throw new AppError('NOT_FOUND', ERR.notFound);
      const preview = ['1', 'true'].includes(url.searchParams.get('preview') ?? '');
      const file = await readAttachment(ctx.db, ctx.actor, worksheetId, attachmentId, preview);
      res.writeHead(200, {
        'Content-Type': file.contentType,
        'Content-Length': String(file.data.byteLength),
        'X-Content-Type-Options': 'nosniff',
        'Content-Disposition': contentDisposition(file.fileName),
        // Attachments never change (a replaced photo gets a new id); only this user's browser keeps it.
        'Cache-Control': 'private, max-age=3600',
        // An SVG placeholder or an image opened directly must never run anything.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      });
      res.end(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
    },
  },
];
