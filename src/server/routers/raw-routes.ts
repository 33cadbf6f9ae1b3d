import type { RawRoute } from '../http/raw-route';
import { attachmentRawRoutes } from './attachment-raw';
import { exportRawRoutes } from './export-raw';
import { importRawRoutes } from './import-raw';
import { reportRawRoutes } from './report-raw';
import { ssoRawRoutes } from './sso-raw';

/** REST paths that answer with bytes rather than JSON (attachments, CSV). */
export const rawRoutes: RawRoute[] = [...attachmentRawRoutes, ...exportRawRoutes, ...importRawRoutes, ...reportRawRoutes, ...ssoRawRoutes];
