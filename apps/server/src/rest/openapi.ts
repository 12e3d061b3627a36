import {
  answerSchemaOf,
  appRouter,
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENT_CREATES,
  isPeopleOnly,
  MAX_PAGE_LIMIT,
  PUBLIC_PROCEDURES,
  type RestRoute,
} from '@nursery/api';
import {
  EXCEL_CONTENT_TYPE,
  exportWorkbookSchema,
  PRODUCT_TYPES,
  ProductStatus,
  productStatusName,
  sheetHeader,
} from '@nursery/domain';
import { z } from 'zod';
import { webhooksSection } from './webhooksDocument.ts';

type JsonSchema = Record<string, unknown>;

type ProcedureDef = { _def?: { inputs?: unknown[]; output?: unknown } };

function definitionOf(procedure: string): ProcedureDef['_def'] {
  return (appRouter._def.procedures as Record<string, ProcedureDef>)[procedure]?._def;
}

function inputSchemaOf(procedure: string): z.ZodType | undefined {
  const first = definitionOf(procedure)?.inputs?.[0];
  return first instanceof z.ZodType ? first : undefined;
}

const isSchema = (value: unknown): value is JsonSchema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The shop's words that a field's name alone says: what a status code means, what unit money is in, that a
 * timestamp is an instant. Written once here for every operation's input and answer, so a generated client
 * gets an enum where the server checks one and a description where the JSON type says too little.
 */
const STATUS_MEANINGS = Object.values(ProductStatus)
  .map((id) => `${id} = ${productStatusName(id)}`)
  .join(', ');
const TYPE_MEANINGS = PRODUCT_TYPES.map((t) => `${t.productTypeId} = ${t.productType}`).join(', ');
const MONEY =
  /^(price|unitPrice|subtotal|tax|total|totalPrice|revenue|productRevenue|lineTotal|lineSubtotal|lineTax|amount)$/i;

function describeField(name: string, schema: JsonSchema, where: 'input' | 'output' | 'query'): void {
  const types = [
    schema.type,
    ...((schema.anyOf as JsonSchema[] | undefined) ?? []).map((s) => s.type),
  ].flat();
  const numeric = types.includes('number') || types.includes('integer');
  if (name === 'productStatus' && numeric) {
    setNumeric(schema, { enum: Object.values(ProductStatus) });
    schema.description ??= `The product's status: ${STATUS_MEANINGS}.${
      where === 'output' ? '' : ' Staff may set 1, 2, 3, 5, 6 or 7; 4 (Deleted) only through DeleteProduct.'
    }`;
  } else if (name === 'productTypeId' && numeric) {
    setNumeric(schema, { enum: PRODUCT_TYPES.map((t) => t.productTypeId) });
    schema.description ??= `The product type: ${TYPE_MEANINGS}.`;
  } else if (MONEY.test(name) && types.includes('number')) {
    schema.description ??= 'US dollars, exact to the cent (12.5 is $12.50).';
  } else if (/Cents$/.test(name) && numeric) {
    schema.description ??= 'US cents, a whole number (1250 is $12.50).';
  } else if (/(Timestamp|Date)$/.test(name) && types.includes('string') && !/^display/.test(name)) {
    if (schema.type === 'string') schema.format = 'date-time';
    schema.description ??= 'An instant, ISO 8601 in UTC (2025-03-14T14:05:00.000Z).';
  } else if (/At$/.test(name) && numeric) {
    schema.description ??= 'An instant in milliseconds since 1970-01-01 UTC.';
  } else if (/Id$/.test(name) && numeric && where !== 'output') {
    // The largest whole number the server reads exactly: past it, no row has the id (a 400 says so).
    setNumeric(schema, { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
  } else if (/Quantity$/.test(name) && where === 'input' && Array.isArray(schema.type)) {
    // A price tier's quantities are whole numbers, sent as numbers or as the digits a form cell holds: the
    // JSON type alone ("number") let a client send 12.5, which is refused.
    const types = (schema.type as unknown[]).map((t) => (t === 'number' ? 'integer' : t));
    schema.type = types;
    if (types.includes('string')) schema.pattern = '^\\s*\\d*\\s*$';
  }
}

/** Replaces the numeric part of a schema (possibly inside anyOf with null) with `numeric`. */
function setNumeric(schema: JsonSchema, numeric: JsonSchema): void {
  const any = schema.anyOf as JsonSchema[] | undefined;
  if (any) {
    schema.anyOf = any.map((s) => (s.type === 'number' || s.type === 'integer' ? numeric : s));
    return;
  }
  for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) delete schema[key];
  if (!('type' in numeric)) schema.type = 'integer';
  Object.assign(schema, numeric);
}

/** Walks a schema's object properties (and array items), describing each field by its name. */
function describeFields(schema: unknown, where: 'input' | 'output'): void {
  if (Array.isArray(schema)) {
    for (const item of schema) describeFields(item, where);
    return;
  }
  if (!isSchema(schema)) return;
  if (isSchema(schema.properties)) {
    for (const [name, field] of Object.entries(schema.properties)) {
      if (isSchema(field)) describeField(name, field, where);
    }
  }
  for (const value of Object.values(schema)) describeFields(value, where);
}

/**
 * A query string carries text; the server reads whole numbers and true/false from it (packages/api/src/
 * input.ts). zod describes that as number|string and boolean|'true'|'false'..., which lets a generated
 * client send `productId=abc`: the document says what the server takes instead.
 */
function queryParameterSchema(name: string, schema: JsonSchema): JsonSchema {
  const any = (schema.anyOf as JsonSchema[] | undefined) ?? [];
  const type = schema.type;
  const isNumberText =
    (Array.isArray(type) && type.includes('number') && type.includes('string')) ||
    (any.some((s) => s.type === 'number') && any.some((s) => s.type === 'string'));
  const isFlag = any.some((s) => s.type === 'boolean');
  const { anyOf: _anyOf, type: _type, ...rest } = schema;
  let typed: JsonSchema = schema;
  if (isFlag) typed = { ...rest, type: 'boolean' };
  else if (isNumberText)
    // Past 2^53 - 1 the server reads no whole number exactly, and refuses it.
    typed = {
      maximum: Number.MAX_SAFE_INTEGER,
      ...rest,
      type: 'integer',
      ...(/Id$/.test(name) ? { minimum: 1 } : {}),
    };
  describeField(name, typed, 'query');
  return typed;
}

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
    }) as JsonSchema;
    // zod drops the examples of an input that transforms anything (a trimmed field, an id read from text),
    // taking them for the output's: an input's own examples are written as input, and without them the
    // document's example was one made up from the types ("email": "text"), which the call refuses.
    const examples = io === 'input' ? inputExamples(schema) : undefined;
    if (examples && !('examples' in json)) json.examples = examples;
    return json;
  } catch {
    return {};
  }
}

/** The examples written for an input: its own, or those of what a transform of it reads. */
function inputExamples(schema: z.ZodType): unknown[] | undefined {
  const own = z.globalRegistry.get(schema)?.examples;
  if (Array.isArray(own)) return own;
  return schema instanceof z.ZodPipe ? inputExamples(schema.in as z.ZodType) : undefined;
}

const relink = (value: JsonSchema): JsonSchema =>
  JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;

/**
 * The answer's schema with its named parts (Product, Order, ...) moved into `components`: zod writes them
 * as `#/$defs/Name`, which inside an OpenAPI document would point at the document's root.
 */
function answerJsonSchema(procedure: string, components: Record<string, JsonSchema>): JsonSchema {
  const schema = answerSchemaOf(definitionOf(procedure)?.output);
  return schema ? outputJsonSchema(schema, components) : {};
}

/** An answer's (or a webhook's) schema, its named parts moved into `components` as above. */
function outputJsonSchema(schema: z.ZodType, components: Record<string, JsonSchema>): JsonSchema {
  const { $defs, ...json } = toJsonSchema(schema, 'output');
  for (const [name, part] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    describeFields(part, 'output');
    components[name] = relink(part);
  }
  describeFields(json, 'output');
  return relink(json);
}

const ERROR_ENVELOPE: JsonSchema = {
  type: 'object',
  description:
    'Every refusal: success is false and message says, for a person, what to change. A refused input (400) lists every problem in data.errors; other refusals carry data: null.',
  required: ['success', 'message', 'data'],
  properties: {
    success: { type: 'boolean', const: false },
    message: { type: 'string', description: 'What went wrong, in words a person can act on.' },
    data: {
      anyOf: [
        {
          type: 'object',
          required: ['errors'],
          properties: {
            errors: {
              type: 'array',
              items: { type: 'string' },
              description: 'Each problem with the input, one sentence each (400 only).',
            },
          },
        },
        { type: 'null' },
      ],
    },
  },
  example: {
    success: false,
    message: 'Please enter your name.',
    data: { errors: ['Please enter your name.'] },
  },
};

const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['success', 'message', 'data'],
  properties: {
    success: { type: 'boolean', const: true },
    message: { type: 'string', description: 'Empty, or a confirmation to show a person.' },
    data,
  },
});

const STATUS_TEXT: Record<string, string> = {
  '400': 'The input was refused; message says why and data.errors lists every problem',
  '401':
    'No valid token: missing, malformed, expired, signed out, or its integration client was revoked (WWW-Authenticate says which)',
  '403':
    'The token is valid but may not make this call (not staff, or an integration client with the read scope)',
  '404': 'The row the id names does not exist',
  '409':
    'Changed by someone else since it was read (send the version you read), not possible in this state, or a request with the same Idempotency-Key is still under way',
  '413': 'The body or file is larger than this call accepts',
  '422': 'The Idempotency-Key was already used with a different body: send a new key with a new request',
  '415': 'The body is not of the media type this call takes',
  '429': 'Too many calls from this client address; message says when to try again, and Retry-After (seconds)',
  '4XX':
    'A request the HTTP layer refuses before the shop reads it: malformed (400), address too long (414), headers too large (431)',
};

/** A people-only call's 403 names the refusal an integration client gets, whatever its scope. */
const PEOPLE_ONLY_403 =
  "The token is valid but is not a signed-in person's (not staff, or any integration client)";

const errorResponse = (status: string, peopleOnly = false, idempotent = false) => ({
  description: peopleOnly && status === '403' ? PEOPLE_ONLY_403 : (STATUS_TEXT[status] ?? 'Refused'),
  // Every 401 and 403 of a staff-only call carries the bearer challenge (rest/handler.ts sendError).
  ...(status === '401' || status === '403'
    ? {
        headers: {
          'WWW-Authenticate': {
            description:
              status === '401'
                ? 'RFC 6750: `Bearer realm="..."` alone when no token was sent; with error="invalid_token" and an error_description saying what is wrong (malformed, expired, signed by an unknown key, revoked, signed out) for a token that was.'
                : 'RFC 6750: `Bearer realm="...", error="insufficient_scope"`, with an error_description and, for a read client\'s write, scope="write".',
            required: false,
            schema: { type: 'string' },
          },
        },
      }
    : {}),
  // Every 429 carries it (rest/handler.ts sendError): declared, so a generated client can read it.
  ...(status === '429'
    ? {
        headers: {
          'Retry-After': {
            description: 'Seconds to wait before trying again (RFC 9110).',
            required: true,
            schema: { type: 'integer', minimum: 1 },
          },
        },
      }
    : {}),
  ...(status === '409' && idempotent
    ? {
        headers: {
          'Retry-After': {
            description:
              'Only while a request with the same Idempotency-Key is still under way: seconds to wait before retrying with the same key, which then gets its answer (RFC 9110).',
            required: false,
            schema: { type: 'integer', minimum: 1 },
          },
        },
      }
    : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

/** A file sent as the body itself: its bytes, of the media type it is, named by Content-Disposition. */
function fileResponse(file: RestRoute['file']): JsonSchema {
  const contentType = file?.contentType ?? 'application/octet-stream';
  // A binary file also says format: binary (OpenAPI 3.0's word, which generators still read to type it a Blob):
  // @hey-api/openapi-ts typed the .xlsx a string, though its fetch client reads it as a Blob.
  const schema = contentType.startsWith('text/')
    ? { type: 'string', contentMediaType: contentType }
    : { type: 'string', format: 'binary', contentMediaType: contentType };
  return {
    description: file?.description ?? 'The file',
    headers: {
      'Content-Disposition': {
        description:
          'attachment, with the file name the shop gives it: filename (ASCII, other characters as _) and filename* (UTF-8, percent-encoded, RFC 6266).',
        required: true,
        schema: { type: 'string' },
      },
      'X-Shop-Warning': {
        description:
          'Only when the person downloading should know something about this file (e.g. media files a backup left out): the words, percent-encoded UTF-8.',
        required: false,
        schema: { type: 'string' },
      },
    },
    content: { [contentType]: { schema, example: fileExample(contentType) } },
  };
}

/**
 * The first bytes of each kind of file the shop sends as a body, as the example of its answer: enough for a
 * reader to recognise the format (a .zip and an .xlsx start with the zip signature, the catalogue CSV with a
 * byte order mark and its heading row).
 */
function fileExample(contentType: string): string {
  const start: Record<string, string> = {
    'application/zip': 'PK\u0003\u0004',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'PK\u0003\u0004',
    // The heading row with the fewest price tiers it has (3): a catalogue with more has more columns after it.
    'text/csv': `\uFEFF${sheetHeader(0).join(',')}`,
  };
  return start[contentType.split(';')[0] ?? ''] ?? '';
}

/** A spreadsheet export: the envelope with an ExportWorkbook, the .xls file base64 in it. */
function workbookResponse(route: RestRoute, components: Record<string, JsonSchema>): JsonSchema {
  const data = outputJsonSchema(exportWorkbookSchema, components);
  return {
    description: `${route.file?.description ?? 'The workbook'} in the envelope: data.base64 is the .xls (BIFF8) file, base64; decode it and save it as data.fileName.`,
    content: {
      'application/json': {
        schema: envelope(data),
        example: {
          success: true,
          message: route.successMessage ?? '',
          data: {
            fileName: route.file?.exampleName ?? '2025-03-15 Workbook.xls',
            contentType: EXCEL_CONTENT_TYPE,
            base64: '0M8R4KGxGuE=',
          },
        },
      },
    },
  };
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
      schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
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

/** The Idempotency-Key header of a create (packages/api/src/idempotency/service.ts), and the replay's header. */
function describeIdempotencyKey(operation: JsonSchema): void {
  operation.parameters = [
    ...((operation.parameters ?? []) as JsonSchema[]),
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: `A key you make for this one request (a UUID), sent again unchanged when you retry it (IETF httpapi Idempotency-Key draft; Stripe's convention). The same key with the same body answers the first answer again for ${IDEMPOTENCY_KEY_HOURS} hours, without doing anything twice; with another body, 422; while the first is still under way, 409. Keys are per caller (a token's subject, or a visitor's address). Only successful answers are kept: after a refusal, fix the request and send it again.`,
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
      example: '5b7c3a7e-0f1d-4c5e-9a43-2d8e6f1c9b20',
    },
  ];
  const ok = (operation.responses as Record<string, JsonSchema>)['200'];
  if (ok) {
    ok.headers = {
      ...((ok.headers ?? {}) as JsonSchema),
      'Idempotent-Replayed': {
        description: 'true when this is the answer kept for the Idempotency-Key sent, given again.',
        schema: { type: 'string', enum: ['true'] },
      },
    };
  }
}

/**
 * Names a row by id at the top of its input, so it can answer 404. A product's type is not a row, and an
 * order's pick-up day is a choice (a day no longer offered is a 400): the pick-up day calls list 404 themselves.
 */
function namesARow(properties: Record<string, JsonSchema>): boolean {
  return Object.keys(properties).some(
    (name) => /Id$/.test(name) && name !== 'productTypeId' && name !== 'pickUpDayId',
  );
}

/** The statuses an operation can answer, beyond 200. */
function statusesOf(route: RestRoute, properties: Record<string, JsonSchema>): string[] {
  const statuses: string[] = [];
  if (route.input !== 'none' || route.paged) statuses.push('400');
  if (!PUBLIC_PROCEDURES.has(route.procedure)) statuses.push('401', '403');
  if (namesARow(properties) || route.refusals?.includes('not_found')) statuses.push('404');
  if (route.refusals?.includes('conflict') || IDEMPOTENT_CREATES.has(route.procedure)) statuses.push('409');
  if (route.input === 'body' || route.input === 'multipart') statuses.push('413', '415');
  if (IDEMPOTENT_CREATES.has(route.procedure)) statuses.push('422');
  if (route.refusals?.includes('too_many')) statuses.push('429');
  // With no input and no token to refuse, only the HTTP layer refuses it (before the shop reads it).
  if (statuses.length === 0) statuses.push('4XX');
  return statuses;
}

/**
 * Who may call an operation: anyone (public), or a bearer token; with the embedded provider, also an
 * integration client's token from the oauth2 client-credentials flow with the scope the method needs.
 */
function securityOf(route: RestRoute, isPublic: boolean, hasTokenUrl: boolean): JsonSchema[] {
  const scope = route.method === 'GET' ? 'read' : 'write';
  const client = hasTokenUrl && !isPeopleOnly(route.procedure) ? [{ oauth2: [scope] }] : [];
  return isPublic ? [{}, { bearer: [] }] : [{ bearer: [] }, ...client];
}

/** What each group of operations is about, for the document's top-level tags. */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Products: 'The catalogue: products, their prices, status and flags, and the storefront list.',
  Stock: 'Stock changes and the stock each product has left this season.',
  Orders: 'Placing, looking up, listing, editing, deleting and restoring orders.',
  Contact: 'Messages sent through the contact form, and staff reading them.',
  'Catalogue spreadsheet': 'The whole catalogue as a spreadsheet: download it, change it, upload it back.',
  'Pick-up days': 'The days customers may choose to pick their orders up, with their capacity.',
  'Pick-up': 'Check-in at the counter: who picked an order up, what was paid, and a day’s pick list.',
  'Season Report': 'What each product offered and sold over a season, and a suggestion for the next.',
  Waitlist: 'Back-in-stock e-mails: customers join a product’s list, staff see it.',
  Webhooks: 'Endpoints staff subscribe to the shop’s events, and their deliveries.',
  Settings:
    'The shop settings staff change: the global message, ordering open or closed, the flyer, e-mails.',
  Photos: 'Product photos: import, crop and reset.',
  Exports: 'Spreadsheets of stock, sales and orders.',
  Backup: 'Backup and restore of the whole shop.',
  Integrations: 'Integration clients: programs that call this API with their own tokens.',
  Seasons: 'Selling seasons: the current one, and starting the next.',
};

/** Every tag the operations use, described, in the order first used: Spectral and generators read them. */
function documentTags(paths: Record<string, Record<string, JsonSchema>>): JsonSchema[] {
  const names: string[] = [];
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const tag of (operation.tags ?? []) as string[]) if (!names.includes(tag)) names.push(tag);
    }
  }
  return names.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `The ${name} operations.` }));
}

/** A value that fits a schema, for the document's examples: its own example or default, else made up. */
function exampleOf(schema: unknown, components: Record<string, JsonSchema>, depth = 0): unknown {
  // Deep enough for an order inside a list inside the envelope (the counter's day: day, order, its lines).
  if (!isSchema(schema) || depth > 12) return null;
  if (typeof schema.$ref === 'string') {
    return exampleOf(components[schema.$ref.split('/').pop() ?? ''], components, depth + 1);
  }
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('example' in schema) return schema.example;
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const any = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (any) {
    const first = any.find((s) => isSchema(s) && s.type !== 'null') ?? any[0];
    return exampleOf(first, components, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      return Object.fromEntries(
        Object.entries(properties).map(([name, field]) => [name, exampleOf(field, components, depth + 1)]),
      );
    }
    case 'array':
      return [exampleOf(schema.items, components, depth + 1)];
    case 'integer':
      return typeof schema.minimum === 'number' && schema.minimum > 1 ? schema.minimum : 1;
    case 'number':
      return 12.5;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'date-time') return '2025-03-14T14:05:00.000Z';
      if (schema.contentEncoding === 'base64') return 'UEsDBA==';
      return typeof schema.minLength === 'number' && schema.minLength > 4
        ? 'x'.repeat(schema.minLength)
        : 'text';
    default:
      return null;
  }
}

export interface OpenApiInfo {
  title: string;
  version: string;
  /** The shop's address, the document's one server. */
  publicUrl: string;
  contact: { name: string; email: string };
  /** Where integration clients get tokens (the embedded provider), or null with an external one. */
  tokenUrl: string | null;
}

/** An OpenAPI 3.1 document made from the same route table and zod schemas the server runs on. */
export function buildOpenApi(routes: readonly RestRoute[], info: OpenApiInfo): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const schemas: Record<string, JsonSchema> = { ErrorEnvelope: ERROR_ENVELOPE };
  for (const route of routes) {
    const schema = inputSchemaOf(route.procedure);
    const json = schema ? relink(toJsonSchema(schema, 'input')) : {};
    describeFields(json, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    const isPublic = PUBLIC_PROCEDURES.has(route.procedure);
    const peopleOnly = isPeopleOnly(route.procedure);

    const answer =
      route.respond === 'file' || route.respond === 'workbook'
        ? null
        : envelope(answerJsonSchema(route.procedure, schemas));
    const success =
      route.respond === 'workbook'
        ? workbookResponse(route, schemas)
        : answer === null
          ? fileResponse(route.file)
          : {
              description: 'Success',
              content: {
                'application/json': {
                  schema: answer,
                  example: {
                    success: true,
                    message: route.successMessage ?? '',
                    data: exampleOf(answer.properties && (answer.properties as JsonSchema).data, schemas),
                  },
                },
              },
            };
    const operation: JsonSchema = {
      operationId: route.procedure.replace('.', '_'),
      summary: route.summary,
      description: isPublic
        ? `${route.summary} Anyone may call it.`
        : peopleOnly
          ? `${route.summary} For people only: a signed-in staff member's token. Every integration client is refused (403), whatever its scope.`
          : `${route.summary} Staff only: a staff member's token, or an integration client's (the read scope may call GET operations only).`,
      ...(peopleOnly ? { 'x-people-only': true } : {}),
      tags: [route.tag],
      // Public calls need no token; every other one needs a staff member's or an integration client's, whose
      // scope is read for GET and write for anything else.
      security: securityOf(route, isPublic, info.tokenUrl !== null),
      responses: {
        '200': success,
        ...Object.fromEntries(
          statusesOf(route, properties).map((status) => [
            status,
            errorResponse(status, peopleOnly, IDEMPOTENT_CREATES.has(route.procedure)),
          ]),
        ),
      },
    };
    if (route.input === 'query') {
      operation.parameters = Object.entries(properties).map(([name, s]) => ({
        name,
        in: 'query',
        required: required.has(name),
        schema: queryParameterSchema(name, s),
        ...(typeof s.description === 'string' ? { description: s.description } : {}),
      }));
    } else if (route.input === 'body') {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: json, example: exampleOf(json, schemas) } },
      };
    } else if (route.input === 'multipart') {
      const query = Object.entries(properties).filter(([name]) => name !== 'file');
      operation.parameters = query.map(([name, s]) => ({
        name,
        in: 'query',
        required: required.has(name),
        schema: queryParameterSchema(name, s),
      }));
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: { file: { type: 'string', format: 'binary', description: 'The file to upload.' } },
            },
          },
        },
      };
    }
    if (route.paged) describePaging(operation);
    if (IDEMPOTENT_CREATES.has(route.procedure)) describeIdempotencyKey(operation);
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, JsonSchema>)[route.method.toLowerCase()] = operation;
  }
  const tokenHelp = info.tokenUrl
    ? ` Programs get one without a browser: staff create an integration client (pnpm -s integrations add, or AddIntegrationClient with a staff token), and the program asks ${info.tokenUrl} with grant_type=client_credentials and HTTP Basic client_id:client_secret (see docs/integrations.md).`
    : " This shop signs staff in at an external OpenID provider: programs use a machine-to-machine client there whose tokens carry this API's audience and the staff role.";
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description:
        `The shop's REST API. Every JSON answer is the envelope {success, message, data}. Money is in US dollars as numbers exact to the cent, beside display strings ("$12.50"); instants are ISO 8601 strings in UTC (or milliseconds since 1970 where a field says so), display strings are in the shop's time zone. Ids are positive whole numbers.` +
        ` Staff-only operations need a bearer token (an RS256 JWT for this API's audience).${tokenHelp}`,
      contact: { name: info.contact.name, email: info.contact.email, url: info.publicUrl },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // Relative: the shop that serves this document (its PUBLIC_URL), wherever it runs.
    servers: [{ url: '/', description: `This shop (${info.publicUrl})` }],
    components: {
      schemas,
      securitySchemes: {
        ...(info.tokenUrl
          ? {
              oauth2: {
                type: 'oauth2',
                description:
                  'An integration client (created by staff: pnpm -s integrations add, or AddIntegrationClient) gets a token with the client_credentials grant, client_id and client_secret by HTTP Basic. The token is the same bearer JWT, valid one hour; there is no refresh token.',
                flows: {
                  clientCredentials: {
                    tokenUrl: info.tokenUrl,
                    scopes: {
                      read: 'Every staff GET operation (orders, contacts, stock, exports).',
                      write:
                        'Every staff operation, reads and changes (not the Integrations or Backup calls).',
                    },
                  },
                },
              },
            }
          : {}),
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: `A staff member's access token, or an integration client's.${tokenHelp}`,
        },
      },
    },
    security: [{ bearer: [] }],
    tags: documentTags(paths),
    paths,
    webhooks: webhooksSection((schema) => outputJsonSchema(schema, schemas)),
  };
}
