import type { RawRoute } from '../http/raw-route';

/** GET /api/attachment/{worksheetId}/{attachmentId} */
export const attachmentRawRoutes: RawRoute[] = [];
