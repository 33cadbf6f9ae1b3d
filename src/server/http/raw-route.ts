import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from '../context';
import type { RestMethod } from '../trpc';

/**
 * A REST path whose answer is not JSON (an image, a CSV stream). It runs with the same context,
 * auth and error mapping as the procedures; `openapi` describes it in /api/openapi.json.
 */
export interface RawRoute {
  method: RestMethod;
  path: `/api/${string}`;
  summary: string;
  tags: string[];
  /** OpenAPI operation fragments (requestBody, responses) */
  openapi?: Record<string, unknown>;
  handle(args: { ctx: Context; req: IncomingMessage; res: ServerResponse; params: Record<string, string>; url: URL }): Promise<void>;
}
