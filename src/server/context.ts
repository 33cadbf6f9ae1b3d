import type { IncomingMessage } from 'node:http';
import type { HostResolver } from './webhooks/egress';
import type { Logger } from 'pino';
import type { DbHandle, Database } from '../../db/database';
import type { ProfileType } from '../shared/limits';
import type { Env } from './env';

/** Who is calling: a logged-in user or the account's API key (admin rights inside its account). */
export interface Actor {
  kind: 'session' | 'apiKey';
  accountId: number;
  /** null for the API key */
  userId: number | null;
  /** the user's name; 'API' for the API key */
  username: string;
  profileType: ProfileType;
  teamCode: string | null;
  languageCode: 'ENU' | 'DAN';
  sessionId: string | null;
  /** Read with the session in the same query, so that GET /api/user/info costs no extra query. */
  accountName: string;
  resourceUnits: 'Time' | 'Quantity';
  defaultResource: string | null;
  lockDefaultResource: boolean;
  defaultDescription: string | null;
}

export interface CookieOptions {
  maxAgeSeconds?: number | undefined;
  expires?: Date | undefined;
}

/** A file from a multipart request, fully read and within the limits. */
export interface UploadedFile {
  fieldName: string;
  fileName: string;
  mimeType: string;
  data: Buffer;
}

/** Shared by every request: the process-wide things. */
export interface AppServices {
  dbh: DbHandle;
  db: Database;
  env: Env;
  secret: string;
  log: Logger;
  /** How webhook hosts are resolved (the system's DNS; tests pass their own, e.g. a rebinding one). */
  resolveHost?: HostResolver;
}

export interface Context extends AppServices {
  actor: Actor | null;
  /** Sets a cookie on the response (both the tRPC and the REST path apply it). */
  setSessionCookie(token: string, expires: Date | null): void;
  clearSessionCookie(): void;
  /** Files of a multipart request (REST path). */
  files: UploadedFile[];
  ip: string;
  /** The request (SSO builds its redirect URI from the address the client used). */
  req: IncomingMessage;
}
