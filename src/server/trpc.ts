import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { ERR } from '../shared/errors';
import type { Actor, Context } from './context';
import { AppError } from './errors';

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Meta {
  /** Where the REST adapter serves this procedure (spec §7). */
  rest?: {
    method: RestMethod;
    path: `/api/${string}`;
    /** success status; default 200 (201 for creates, 204 for deletes) */
    status?: 200 | 201 | 204;
    /** request body is multipart/form-data (files land in ctx.files) */
    multipart?: boolean;
    /** the procedure answers a page `{ groups, nextCursor, totals }`: REST sends `groups` as the body and the next page as a Link header (src/server/http/paging.ts) */
    paged?: boolean;
  };
  summary?: string;
  /** Longer OpenAPI description (Markdown). */
  description?: string;
  tags?: string[];
}

/** Field path → messages, for 400 answers. */
export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      let errors: Record<string, string[]> | undefined;
      let message = shape.message;
      if (error.cause instanceof ZodError) {
        errors = zodFieldErrors(error.cause);
        message = ERR.validation;
      } else if (error instanceof AppError) {
        errors = error.errors;
      }
      if (error.code === 'INTERNAL_SERVER_ERROR') message = ERR.internal;
      return { ...shape, message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, errors } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

const requireActor = t.middleware(({ ctx, next }) => {
  if (!ctx.actor) throw new AppError('UNAUTHORIZED', ERR.unauthorized);
  return next({ ctx: { actor: ctx.actor } });
});

/** Any logged-in user of an account (or the API key). */
export const authedProcedure = t.procedure.use(requireActor);

const roleAtLeast = (actor: Actor, min: 'Teamleader' | 'Admin') =>
  actor.profileType === 'Admin' || (min === 'Teamleader' && actor.profileType === 'Teamleader');

export const teamleaderProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!roleAtLeast(ctx.actor, 'Teamleader')) throw new AppError('FORBIDDEN', ERR.forbidden);
  return next();
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!roleAtLeast(ctx.actor, 'Admin')) throw new AppError('FORBIDDEN', ERR.forbidden);
  return next();
});

export { TRPCError };
