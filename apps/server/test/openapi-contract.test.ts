import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { appRouter, restRoutes } from '@nursery/api';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffToken, startTestServer, type TestServer } from '../src/testing.ts';
import type { Answer } from './contract/answer.ts';
import {
  answerProblems,
  coverageProblems,
  documentValidator,
  type Json,
  type Operation,
  operationsOf,
} from './support/openApiAnswers.ts';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.join(here, '..');
const contractDir = path.join(here, 'contract');
const bin = (name: string) => path.join(serverDir, 'node_modules', '.bin', name);

let server: TestServer;
let document: Json;
const work = mkdtempSync(path.join(tmpdir(), 'nursery-contract-'));

beforeAll(async () => {
  // Its webhook endpoint is on this machine.
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  const answer = await fetch(`${server.url}/api/v1/openapi.json`);
  expect(answer.status).toBe(200);
  document = (await answer.json()) as Json;
  writeFileSync(path.join(work, 'openapi.json'), JSON.stringify(document));
});
afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('the served OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const { stdout } = await run(bin('redocly'), ['lint', path.join(work, 'openapi.json'), '--format=json'], {
      cwd: work,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number; ignored: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  }, 120_000);

  it("passes Spectral's spectral:oas ruleset with no error and no warning", async () => {
    const ruleset = path.join(work, '.spectral.json');
    writeFileSync(ruleset, JSON.stringify({ extends: ['spectral:oas'] }));
    const { stdout } = await run(
      bin('spectral'),
      ['lint', path.join(work, 'openapi.json'), '--ruleset', ruleset, '--format', 'json', '--quiet'],
      { cwd: work, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    // Hints and information (severity 2, 3) aside: errors are 0, warnings 1.
    const problems = (
      JSON.parse(stdout.slice(stdout.indexOf('['))) as {
        code: string;
        message: string;
        path: string[];
        severity: number;
      }[]
    ).filter((p) => p.severity <= 1);
    expect(problems.map((p) => `${p.code}: ${p.message} at ${p.path.join('.')}`)).toEqual([]);
  }, 120_000);

  it("gives each JSON body an example its call's own input check accepts", () => {
    // zod dropped the examples written for an input that transforms a field, and the document made one up from
    // the types: an integrator copying it sent "email": "text", a pick-up day on "text", a tier quantity of
    // 12.5 or a check number on a cash payment, and was answered 400.
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { inputs: { safeParse(value: unknown): { success: boolean; error?: { message: string } } }[] } }
    >;
    const refused: string[] = [];
    let checked = 0;
    for (const route of restRoutes.filter((r) => r.input === 'body')) {
      const operation = (document.paths as Record<string, Record<string, Json>>)[route.path]?.[
        route.method.toLowerCase()
      ] as { requestBody?: { content: Record<string, { example?: unknown }> } } | undefined;
      const example = operation?.requestBody?.content['application/json']?.example;
      const input = procedures[route.procedure]?._def.inputs[0];
      if (example === undefined || !input) continue;
      checked += 1;
      const parsed = input.safeParse(example);
      if (!parsed.success) refused.push(`${route.method} ${route.path}: ${parsed.error?.message}`);
    }
    expect(checked).toBeGreaterThan(15);
    expect(refused).toEqual([]);
  });

  it('types every whole number the calls read as an integer, and ids up to the largest the server reads', () => {
    // A tier quantity was documented as any number (12.5 is refused), and an id as any integer from 1 (a 20-digit
    // one is refused): a client generated from the document could send either.
    const problems: string[] = [];
    const visit = (schema: unknown, where: string): void => {
      if (Array.isArray(schema)) {
        for (const [i, item] of schema.entries()) visit(item, `${where}[${i}]`);
        return;
      }
      if (schema === null || typeof schema !== 'object') return;
      const node = schema as Json;
      for (const [name, field] of Object.entries((node.properties ?? {}) as Record<string, Json>)) {
        const variants = [field, ...((field.anyOf ?? []) as Json[])];
        const types = variants.flatMap((v) => [v.type].flat());
        if (/Quantity$/.test(name) && types.includes('number'))
          problems.push(`${where}.${name} is a number, not an integer`);
        for (const v of variants) {
          if (/Id$/.test(name) && v.type === 'integer' && !v.enum && v.maximum !== Number.MAX_SAFE_INTEGER)
            problems.push(`${where}.${name} has no maximum`);
        }
      }
      for (const [key, value] of Object.entries(node)) visit(value, `${where}.${key}`);
    };
    for (const { pathName, method, operation } of operationsOf(document)) {
      const { requestBody, parameters } = operation as {
        requestBody?: { content: Record<string, { schema: Json }> };
        parameters?: { name: string; schema: Json }[];
      };
      visit(requestBody?.content['application/json']?.schema, `${method} ${pathName} body`);
      for (const parameter of parameters ?? []) {
        const { type, maximum, enum: values } = parameter.schema;
        if (type === 'integer' && !values && maximum !== Number.MAX_SAFE_INTEGER) {
          // A parameter with a range of its own (limit) keeps it.
          if (typeof maximum !== 'number' || /Id$|^after$/.test(parameter.name))
            problems.push(`${method} ${pathName} ?${parameter.name} has no maximum`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares the Retry-After header every 429 carries', () => {
    const limited = operationsOf(document).filter(({ operation }) => operation.responses['429']);
    expect(limited.map((o) => `${o.method} ${o.pathName}`)).toContain('POST /api/v1/Orders/Submit');
    for (const { pathName, method, operation } of limited) {
      const header = (operation.responses['429'] as { headers?: Record<string, Json> }).headers?.[
        'Retry-After'
      ];
      expect(header, `${method} ${pathName}`).toMatchObject({ required: true, schema: { type: 'integer' } });
    }
  });

  it('describes every file answer as what it is, with an example, and a live one is what it says', async () => {
    type Content = Record<string, { schema?: Json; example?: unknown }>;
    const okOf = (operation: Operation) =>
      operation.responses['200'] as { content?: Content; headers?: Record<string, Json> } | undefined;
    // A file sent as the body: its own media type, named by Content-Disposition, never base64 text posing as it.
    const files = operationsOf(document).filter(({ operation }) => {
      const content = okOf(operation)?.content;
      return content !== undefined && !('application/json' in content);
    });
    expect(files.map((o) => `${o.method} ${o.pathName}`).sort()).toEqual([
      'GET /api/v1/Products/Spreadsheet/Csv',
      'GET /api/v1/Products/Spreadsheet/Xlsx',
      'GET /api/v1/Seasons/Rollover/Backup',
      'POST /api/v1/BackupAuth',
    ]);
    for (const { pathName, method, operation } of files) {
      const where = `${method} ${pathName}`;
      const ok = okOf(operation);
      expect(ok?.headers?.['Content-Disposition'], where).toMatchObject({ required: true });
      expect(ok?.headers?.['X-Shop-Warning'], where).toMatchObject({ required: false });
      for (const [mediaType, { schema, example }] of Object.entries(ok?.content ?? {})) {
        // A binary file is typed as one (a Blob to a generated client); a text file as text.
        expect(schema, where).toEqual(
          mediaType.startsWith('text/')
            ? { type: 'string', contentMediaType: mediaType }
            : { type: 'string', format: 'binary', contentMediaType: mediaType },
        );
        expect(typeof example === 'string' && example.length > 0, `${where} has an example`).toBe(true);
      }
    }
    // A spreadsheet export: the envelope, its data the .xls file base64 with its name and media type.
    const workbooks = operationsOf(document).filter(
      ({ operation }) =>
        (okOf(operation)?.content?.['application/json']?.schema?.properties as Json | undefined)?.data !==
          undefined &&
        JSON.stringify(okOf(operation)?.content?.['application/json']?.schema).includes('ExportWorkbook'),
    );
    expect(workbooks.map((o) => `${o.method} ${o.pathName}`).sort()).toEqual([
      'GET /Exports/GetCurrentSeasonOrdersWithProducts',
      'GET /Exports/GetPickListExport',
      'GET /Exports/GetSeasonReportExport',
      'GET /Exports/GetStockExport',
      'GET /Exports/GetYearOverYearExport',
    ]);
    for (const { pathName, method, operation } of workbooks) {
      const example = okOf(operation)?.content?.['application/json']?.example as {
        data: { fileName: string; contentType: string; base64: string };
      };
      expect(example.data.fileName, `${method} ${pathName}`).toMatch(/^\d{4}-\d{2}-\d{2} .+\.xls$/);
      expect(example.data.contentType).toBe('application/vnd.ms-excel');
      // The start of every .xls: the compound-file signature.
      expect(Buffer.from(example.data.base64, 'base64').toString('hex')).toBe('d0cf11e0a1b11ae1');
    }
    const components = (document.components as { schemas: Record<string, Json> }).schemas;
    expect(components.ExportWorkbook).toMatchObject({
      required: ['fileName', 'contentType', 'base64'],
      properties: {
        contentType: { const: 'application/vnd.ms-excel' },
        base64: { type: 'string', contentEncoding: 'base64', contentMediaType: 'application/vnd.ms-excel' },
      },
    });

    const token = await staffToken(server);
    const sheet = await fetch(`${server.url}/api/v1/Products/Spreadsheet/Csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(sheet.headers.get('content-disposition')).toMatch(
      /^attachment; filename=".+\.csv"; filename\*=UTF-8''/,
    );
    await sheet.arrayBuffer();
    const workbook = await fetch(`${server.url}/Exports/GetStockExport`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(workbook.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const { data } = (await workbook.json()) as {
      data: { fileName: string; contentType: string; base64: string };
    };
    expect(data.fileName).toMatch(/^\d{4}-\d{2}-\d{2} ProductStock\.xls$/);
    expect(Buffer.from(data.base64, 'base64').subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
  });

  it('refuses (400) a body that leaves out any field the document marks required', async () => {
    const token = await staffToken(server);
    const refused: string[] = [];
    for (const { pathName, method, operation } of operationsOf(document)) {
      const body = (
        operation as { requestBody?: { content: Record<string, { schema: Json; example?: unknown }> } }
      ).requestBody?.content['application/json'];
      const example = body?.example;
      const required = (body?.schema.required ?? []) as string[];
      if (!body || example === null || typeof example !== 'object' || Array.isArray(example)) continue;
      for (const field of required) {
        const { [field]: _left, ...without } = example as Json;
        const answer = await fetch(`${server.url}${pathName}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(without),
        });
        await answer.arrayBuffer();
        if (answer.status !== 400) refused.push(`${method} ${pathName} without ${field}: ${answer.status}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('generates types that a typed client calling every operation compiles against, and every live answer fits the document', async () => {
    // 1. Types from the served document, as an integrator makes them.
    const generated = path.join(contractDir, 'generated');
    mkdirSync(generated, { recursive: true });
    writeFileSync(path.join(generated, 'api.ts'), astToString(await openapiTS(document as never)));
    // 2. The client compiles against them (tsc, the repository's strict settings).
    await run(bin('tsc'), ['-p', path.join(contractDir, 'tsconfig.json')], { cwd: serverDir }).catch(
      (error: { stdout?: string }) => {
        throw new Error(`the typed client does not compile against the served document:\n${error.stdout}`);
      },
    );
    // 3. It calls every operation of a live shop; each answer must be one the document describes.
    // The client's types exist only once step 1 has written them, so the repository's type check (which
    // excludes test/contract) must not follow this import: step 2 compiled it on its own terms.
    const clientModule: string = './contract/client.ts';
    const { callEveryOperation } = (await import(clientModule)) as {
      callEveryOperation: (url: string, token: string) => Promise<Answer[]>;
    };
    const answers = await callEveryOperation(server.url, await staffToken(server));

    const problems = answerProblems(document, answers);
    expect(problems).toEqual([]);

    // Every operation was called, and the refusals came back in the envelope the document names.
    expect(coverageProblems(document, answers)).toEqual([]);
  }, 180_000);
});

/**
 * The body a client generated from the document sends when it fills in only what the document requires:
 * the required fields (with, for each allOf part, those of the first alternative the example fits), each
 * valued from the operation's example, else from the field's own examples or default.
 */
function minimalBody(schema: Json, example: Json): { body: Json; unvalued: string[] } {
  const requiredOf = (part: Json | undefined) => (part?.required ?? []) as string[];
  const required = new Set(requiredOf(schema));
  for (const part of [schema, ...((schema.allOf ?? []) as Json[])]) {
    const choices = (part.anyOf ?? part.oneOf) as Json[] | undefined;
    if (!choices) continue;
    const chosen = choices.find((c) => requiredOf(c).every((f) => f in example)) ?? choices[0];
    for (const field of requiredOf(chosen)) required.add(field);
    if (part !== schema) for (const field of requiredOf(part)) required.add(field);
  }
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const body: Json = {};
  const unvalued: string[] = [];
  for (const field of required) {
    const own = properties[field];
    const value =
      field in example ? example[field] : ((own?.examples as unknown[] | undefined)?.[0] ?? own?.default);
    if (value === undefined) unvalued.push(field);
    else body[field] = value;
  }
  return { body, unvalued };
}

describe('a body with only what the document requires', () => {
  // Last in the file: the calls change the shop (a staff order made, settings saved), which the typed client's
  // run above must not see.
  it('is accepted by every JSON-body operation: no 400 for a field the document left optional', async () => {
    const token = await staffToken(server);
    const refused: string[] = [];
    let sent = 0;
    for (const { pathName, method, operation } of operationsOf(document)) {
      const content = (
        operation as { requestBody?: { content: Record<string, { schema: Json; example?: unknown }> } }
      ).requestBody?.content['application/json'];
      const example = content?.example;
      if (!content || example === null || typeof example !== 'object' || Array.isArray(example)) continue;
      const { body, unvalued } = minimalBody(content.schema, example as Json);
      if (unvalued.length > 0) {
        refused.push(`${method} ${pathName}: no example or default for ${unvalued.join(', ')}`);
        continue;
      }
      const send = async (sent: unknown) => {
        const answer = await fetch(`${server.url}${pathName}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(sent),
        });
        return { status: answer.status, message: ((await answer.json()) as { message: string }).message };
      };
      const minimal = await send(body);
      sent += 1;
      if (minimal.status !== 400) continue;
      // Refused for what the example's values meet in this shop (a date now past, an amount over the order's
      // total) when the whole example gets the same refusal; refused for a field left out when it does not.
      const whole = await send(example);
      if (whole.status !== 400 || whole.message !== minimal.message) {
        refused.push(`${method} ${pathName} ${JSON.stringify(body)}: ${minimal.message}`);
      }
    }
    expect(sent).toBeGreaterThan(15);
    expect(refused).toEqual([]);
  });

  it('tells a staff order without a name or phone, and an edit without its version, from a valid one', async () => {
    const ajv = documentValidator(document);
    const validate = ajv.getSchema(
      'openapi.json#/paths/~1api~1v1~1Orders~1Update/put/requestBody/content/application~1json/schema',
    );
    if (!validate) throw new Error('no request schema for PUT /api/v1/Orders/Update');
    const token = await staffToken(server);
    const products = [{ productId: 1, quantity: 1 }];
    const newOrder = { name: 'Robin Meadows', phoneNumber: '608-555-0142', products };
    const created = await fetch(`${server.url}/api/v1/Orders/Update`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(newOrder),
    });
    const order = ((await created.json()) as { data: { orderId: number; version: number } }).data;
    expect(created.status).toBe(200);
    const { orderId, version } = order;
    const cases: [Json, boolean][] = [
      [newOrder, true],
      [{ ...newOrder, name: undefined, lastName: 'Meadows' }, true],
      [{ ...newOrder, orderId, version }, true],
      [{ phoneNumber: '608-555-0142', products }, false],
      [{ name: 'Robin Meadows', products }, false],
      [{ ...newOrder, orderId }, false],
    ];
    for (const [body, valid] of cases) {
      const sent = JSON.parse(JSON.stringify(body)) as Json;
      expect(validate(sent), JSON.stringify(sent)).toBe(valid);
      const answer = await fetch(`${server.url}/api/v1/Orders/Update`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(sent),
      });
      await answer.arrayBuffer();
      expect(answer.status === 400, JSON.stringify(sent)).toBe(!valid);
      // The edit that went through moved the order on a version.
      if (valid && sent.orderId) order.version += 1;
    }
  });
});
