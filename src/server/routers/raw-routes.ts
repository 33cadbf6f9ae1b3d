import type { RawRoute } from '../http/raw-route';

/** REST paths that answer with bytes rather than JSON (attachments, CSV). Areas add theirs here. */
export const rawRoutes: RawRoute[] = [];
