import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Answer } from '../contract/answer.ts';

export type Json = Record<string, unknown>;
export type Operation = {
  responses: Record<string, { content?: Record<string, { schema?: Json; example?: unknown }> }>;
};

/** Every operation of an OpenAPI document, with its path and upper-case method. */
export const operationsOf = (doc: Json) =>
  Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([pathName, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      pathName,
      method: method.toUpperCase(),
      operation,
    })),
  );

/** ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect) holding the document, to validate answers against it. */
export function documentValidator(document: Json): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi.json');
  return ajv;
}

/** A JSON pointer into the document held by documentValidator. */
export const pointer = (...parts: string[]) =>
  `openapi.json#/${parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

/**
 * What is wrong with each live answer against the document: a status or media type it does not name, a JSON
 * body its schema refuses (ajv), a file that does not start as its example does (a zip's signature, the CSV's
 * heading row). Empty when every answer is one the document describes.
 */
export function answerProblems(document: Json, answers: readonly Answer[]): string[] {
  const ajv = documentValidator(document);
  const problems: string[] = [];
  for (const answer of answers) {
    const where = `${answer.method} ${answer.path} -> ${answer.status}`;
    const operation = (document.paths as Record<string, Record<string, Operation>>)[answer.path]?.[
      answer.method.toLowerCase()
    ];
    const statusKey = [String(answer.status), `${String(answer.status)[0]}XX`].find(
      (key) => operation?.responses[key],
    );
    if (!operation || !statusKey) {
      problems.push(`${where}: status not in the document (${answer.body.slice(0, 200)})`);
      continue;
    }
    const mediaType = answer.contentType.split(';')[0]?.trim() ?? '';
    const content = operation.responses[statusKey]?.content ?? {};
    if (!content[mediaType]) {
      problems.push(`${where}: media type ${mediaType} not in the document`);
      continue;
    }
    if (mediaType !== 'application/json') {
      const example = content[mediaType]?.example;
      const start = typeof example === 'string' ? Buffer.from(example, 'utf8').toString('hex') : null;
      if (answer.status === 200 && (start === null || !answer.firstBytes.startsWith(start)))
        problems.push(`${where}: a ${mediaType} file that does not start as the example says`);
      continue;
    }
    const validate = ajv.getSchema(
      pointer(
        'paths',
        answer.path,
        answer.method.toLowerCase(),
        'responses',
        statusKey,
        'content',
        mediaType,
        'schema',
      ),
    );
    if (!validate) {
      problems.push(`${where}: no schema in the document`);
      continue;
    }
    if (!validate(JSON.parse(answer.body))) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
  }
  return problems;
}

/**
 * What a client calling every operation must show: no operation of the document left uncalled, and refusals
 * of input (400), caller (401) and a stale version (409) among the answers, so the error envelope was checked.
 */
export function coverageProblems(document: Json, answers: readonly Answer[]): string[] {
  const called = new Set(answers.map((a) => `${a.method} ${a.path}`));
  const problems = operationsOf(document)
    .map((o) => `${o.method} ${o.pathName}`)
    .filter((name) => !called.has(name))
    .map((name) => `${name} was not called`);
  for (const status of [400, 401, 409]) {
    if (!answers.some((a) => a.status === status)) problems.push(`no ${status} answer was checked`);
  }
  return problems;
}
