import { answerSchemaOf, appRouter, MAX_PAGE_LIMIT, PUBLIC_PROCEDURES, type RestRoute } from '@nursery/api';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

type ProcedureDef = { _def?: { inputs?: unknown[]; output?: unknown } };

function definitionOf(procedure: string): ProcedureDef['_def'] {
  return (appRouter._def.procedures as Record<string, ProcedureDef>)[procedure]?._def;
}

function inputSchemaOf(procedure: string): z.ZodType | undefined {
  const first = definitionOf(procedure)?.inputs?.[0];
  return first instanceof z.ZodType ? first : undefined;
}

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/**
 * The answer's schema with its named parts (Product, Order, ...) moved into `components`: zod writes them
 * as `#/$defs/Name`, which inside an OpenAPI document would point at the document's root.
 */
function answerJsonSchema(procedure: string, components: Record<string, JsonSchema>): JsonSchema {
  const schema = answerSchemaOf(definitionOf(procedure)?.output);
  if (!schema) return {};
  const { $schema, $defs, ...json } = toJsonSchema(schema, 'output');
  const relink = (value: JsonSchema): JsonSchema =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  for (const [name, part] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    components[name] = relink(part);
  }
  return relink(json);
}

const envelope = (data: JsonSchema = {}): JsonSchema => ({
  type: 'object',
  required: ['success', 'message', 'data'],
  properties: { success: { type: 'boolean' }, message: { type: 'string' }, data },
});

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: envelope({ type: ['object', 'null'] }) } },
});

function fileResponse(file: RestRoute['file']): JsonSchema {
  const contentType = file?.contentType ?? 'application/octet-stream';
  const schema = file?.base64
    ? { type: 'string', contentEncoding: 'base64' }
    : { type: 'string', contentMediaType: contentType };
  return { description: file?.description ?? 'The file', content: { [contentType]: { schema } } };
}

/** `limit` and `after` of a paged list, and the Link header of its answer (RFC 8288). */
function describePaging(operation: JsonSchema): void {
  const others = ((operation.parameters ?? []) as JsonSchema[]).filter(
    (p) => p.name !== 'limit' && p.name !== 'after',
  );
  operation.parameters = [
    ...others,
    {
      name: 'limit',
      in: 'query',
      required: false,
      description: `At most this many rows (1 to ${MAX_PAGE_LIMIT}). Without it the whole list answers.`,
      schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT },
    },
    {
      name: 'after',
      in: 'query',
      required: false,
      description:
        'The id of the last row of the page before: the next page starts after it. Follow the Link header rather than making it up.',
      schema: { type: 'integer', minimum: 1 },
    },
  ];
  const ok = (operation.responses as Record<string, JsonSchema>)['200'];
  if (ok) {
    ok.headers = {
      Link: {
        description:
          'With limit, when more rows follow: `<address of the next page>; rel="next"` (RFC 8288), the same path and query with after set.',
        schema: { type: 'string' },
      },
    };
  }
}

/** An OpenAPI 3.1 document made from the same route table and zod schemas the server runs on. */
export function buildOpenApi(
  routes: readonly RestRoute[],
  info: { title: string; version: string },
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const schemas: Record<string, JsonSchema> = {};
  for (const route of routes) {
    const schema = inputSchemaOf(route.procedure);
    const json = schema ? toJsonSchema(schema) : {};
    const operation: JsonSchema = {
      operationId: route.procedure.replace('.', '_'),
      summary: route.summary,
      tags: [route.tag],
      // Public calls need no token; every other one needs a staff member's (401 without, 403 for others).
      security: PUBLIC_PROCEDURES.has(route.procedure) ? [{}, { bearer: [] }] : [{ bearer: [] }],
      responses: {
        '200':
          route.respond === 'file'
            ? fileResponse(route.file)
            : {
                description: 'Success',
                content: {
                  'application/json': { schema: envelope(answerJsonSchema(route.procedure, schemas)) },
                },
              },
        '400': errorResponse('The input was refused; the message says why'),
        '401': errorResponse('No valid staff token (staff-only calls)'),
        '403': errorResponse('The token is valid but not a staff account'),
        '404': errorResponse('Not found'),
        '409': errorResponse('Changed by someone else since it was read'),
        '413': errorResponse('The body is too large'),
        '429': errorResponse('Too many requests; try again later'),
      },
    };
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    if (route.input === 'query') {
      operation.parameters = Object.entries(properties).map(([name, s]) => ({
        name,
        in: 'query',
        required: required.has(name),
        schema: s,
      }));
    } else if (route.input === 'body') {
      operation.requestBody = { required: true, content: { 'application/json': { schema: json } } };
    } else if (route.input === 'multipart') {
      const query = Object.entries(properties).filter(([name]) => name !== 'file');
      operation.parameters = query.map(([name, s]) => ({
        name,
        in: 'query',
        required: required.has(name),
        schema: s,
      }));
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: { file: { type: 'string', format: 'binary' } },
            },
          },
        },
      };
    }
    if (route.paged) describePaging(operation);
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, JsonSchema>)[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info,
    components: {
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
