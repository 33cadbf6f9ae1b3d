import { z, type ZodType } from 'zod';
import type { RawRoute } from './raw-route';
import type { RestRoute } from './rest';

type JsonSchema = Record<string, unknown>;

function schemaOf(type: ZodType | undefined, io: 'input' | 'output'): JsonSchema | undefined {
  if (!type) return undefined;
  try {
    const s = z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
    delete s.$schema;
    return s;
  } catch {
    return {};
  }
}

const problem = {
  description: 'Problem (RFC 9457)',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};

/** OpenAPI 3.1 of every REST path, generated from the procedures' zod schemas. */
export function buildOpenApi(routes: RestRoute[], raw: RawRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const input = schemaOf(r.input, 'input');
    const output = schemaOf(r.output, 'output');
    const props = (input?.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((input?.required as string[] | undefined) ?? []);
    const parameters: unknown[] = r.paramNames.map((name) => ({ name, in: 'path', required: true, schema: props[name] ?? { type: 'string' } }));
    const op: Record<string, unknown> = {
      operationId: r.procedurePath,
      summary: r.meta.summary ?? r.procedurePath,
      tags: r.meta.tags ?? [r.procedurePath.split('.')[0]],
      parameters,
      responses: {},
    };
    if (input) {
      if (r.method === 'GET') {
        for (const [name, schema] of Object.entries(props)) {
          if (r.paramNames.includes(name)) continue;
          parameters.push({ name, in: 'query', required: required.has(name), schema });
        }
      } else {
        const bodySchema = { ...input, properties: Object.fromEntries(Object.entries(props).filter(([n]) => !r.paramNames.includes(n))) };
        const content: Record<string, unknown> = r.meta.rest.multipart
          ? {
              'multipart/form-data': {
                schema: { ...bodySchema, properties: { ...(bodySchema.properties as object), attachments: { type: 'array', items: { type: 'string', format: 'binary' } } } },
              },
            }
          : { 'application/json': { schema: bodySchema } };
        op.requestBody = { required: true, content };
      }
    }
    const status = String(r.meta.rest.status ?? 200);
    const responses: Record<string, unknown> = {
      [status]: status === '204' ? { description: 'No content' } : { description: 'OK', content: { 'application/json': { schema: output ?? {} } } },
      '400': problem,
      '401': problem,
    };
    if (r.path !== '/api/user/login' && r.path !== '/api/user/logout') Object.assign(responses, { '403': problem, '404': problem });
    op.responses = responses;
    const openPath = r.path;
    (paths[openPath] ??= {})[r.method.toLowerCase()] = op;
  }
  for (const r of raw) {
    const names = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    (paths[r.path] ??= {})[r.method.toLowerCase()] = {
      operationId: r.path,
      summary: r.summary,
      tags: r.tags,
      parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      responses: { '200': { description: 'OK' }, '401': problem, '404': problem },
      ...r.openapi,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'NS-Webtid API',
      version: '1.0.0',
      description:
        'The REST paths of NS-Webtid. Authenticate with the account API key in `X-Api-Key` (or `Authorization: Bearer`), or with the session cookie from POST /api/user/login. Errors are RFC 9457 problem+json; 400 answers carry `errors` (field → messages).',
    },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }, { bearer: [] }, { session: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        bearer: { type: 'http', scheme: 'bearer' },
        session: { type: 'apiKey', in: 'cookie', name: 'webtid_session' },
      },
      schemas: {
        Problem: {
          type: 'object',
          required: ['type', 'title', 'status', 'detail'],
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
            errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          },
        },
      },
    },
  };
}
