import type { RawRoute } from '../http/raw-route';

/** POST /api/worksheet/download (streamed CSV) */
export const exportRawRoutes: RawRoute[] = [];
