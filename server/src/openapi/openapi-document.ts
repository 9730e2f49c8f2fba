import {
  camelCase,
  CATEGORIES,
  defaultsOf,
  FILE_FIELD,
  fieldJsonSchema,
  fileMimeTypes,
  formatMegabytes,
  maxFilesPerRequest,
  renderFileName,
  RESULT_CONTENT_TYPES,
  FILE_TYPES,
  fileFieldsOf,
  declaredAnswers,
  outcomesOf,
  OUTCOME_HEADER,
  type AnyTool,
  type DeclaredAnswer,
  type Field,
  type VisibleWhen,
} from '@folio/registry';
import type { ServerConfig } from '../config';
import { ApiError, problemBody, unexpectedFailureBody } from '../http/api-error';
import { contentDisposition } from '../tool-routing/content-disposition';
import { groupByEndpoint } from '../tool-execution/processor-discovery';

/**
 * The OpenAPI 3.1 document of the tool API, built from the registry: one path per
 * endpoint (two tools on a shared endpoint are documented together), a multipart
 * body with `fileInput` and every declared field, the result's content types and
 * download name, and the problem JSON of each error with the tool's own messages.
 * No tool is described anywhere else; a new tool file appears here on restart.
 */

type Json = Record<string, unknown>;

/** The name a response is named after in examples. */
const EXAMPLE_UPLOAD = 'report.pdf';

export interface OpenApiOptions {
  tools: readonly AnyTool[];
  config: Pick<ServerConfig, 'maxFiles' | 'maxUploadBytes' | 'maxRequestBytes' | 'engineTimeoutMs' | 'maxJobsPerAddress' | 'maxResultBytesPerAddress'>;
  /** e.g. '0.1.0' */
  version: string;
}

export function buildOpenApiDocument({ tools, config, version }: OpenApiOptions): Json {
  const routes = groupByEndpoint(tools, (tool) => tool.endpoint);
  const paths: Json = {};
  for (const route of routes) {
    const owner = route.find((t) => !t.sharesEndpoint) ?? route[0];
    // Owner first, so a shared endpoint reads as "the tool, and the one that borrows it".
    const ordered = [owner, ...route.filter((t) => t !== owner)];
    paths[owner.endpoint] = { post: operation(ordered, config) };
  }
  const usedCategories = new Set(tools.map((t) => t.category));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Folio API',
      version,
      summary: 'PDF tools over HTTP, compatible with the Stirling-PDF API.',
      description: [
        'Every tool is one `POST` with a `multipart/form-data` body: the files under `fileInput`, options as text fields',
        '(numbers and booleans as text, e.g. `true`). A success is the result file itself, named in `Content-Disposition`.',
        'A failure is JSON with `status`, `error` and `detail` (the same text); 4xx answers are problem JSON (RFC 9457) with `type` and `title`,',
        'and validation failures list every problem in `errors`. Uploads are deleted as soon as the response has been sent.',
        '',
        'This document is generated from the tool registry: `GET /api/openapi.json`.',
      ].join('\n'),
    },
    tags: CATEGORIES.filter((c) => usedCategories.has(c.id)).map((c) => ({ name: c.label })),
    paths,
    components: {
      schemas: {
        Problem: PROBLEM_SCHEMA,
      },
      headers: {
        RetryAfter: { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } },
      },
    },
  };
}

const PROBLEM_SCHEMA: Json = {
  type: 'object',
  description: 'An error answer. Clients read `detail` or `error` (the same text).',
  required: ['status', 'error', 'detail'],
  properties: {
    status: { type: 'integer', description: 'The HTTP status, repeated.', examples: [400] },
    error: { type: 'string', description: 'The message; the same text as `detail`.', examples: ['Please upload a PDF file.'] },
    detail: { type: 'string', description: 'The message: the tool’s declared text, or one of the fixed texts clients compare (E001, E004).' },
    type: { type: 'string', description: 'Problem type.', examples: ['/errors/invalid-argument', '/errors/pdf-password'] },
    title: { type: 'string', description: 'Short name of the problem type.', examples: ['Invalid Argument'] },
    errorCode: {
      type: 'string',
      pattern: '^E\\d{3}$',
      examples: ['E004'],
      description: 'Stirling error code, where one applies: E001 damaged PDF, E004 password needed, E005 no pages, E006 not a PDF.',
    },
    errors: {
      type: 'array',
      items: { type: 'string' },
      examples: [['angle: Angle must be a multiple of 90']],
      description: 'Every validation problem, as `field: message`.',
    },
    instance: { type: 'string', description: 'The request path.' },
    path: { type: 'string', description: 'The request path.' },
    timestamp: { type: 'string', format: 'date-time' },
  },
};

function ref(schema: string): Json {
  return { $ref: `#/components/schemas/${schema}` };
}

function example(error: ApiError, path: string): Json {
  const { timestamp: _timestamp, ...body } = problemBody(error, path);
  return body;
}

/** On a shared endpoint, says which tool a text is about. */
function label(tool: AnyTool, shared: boolean, text: string): string {
  return shared ? `**${tool.title}**: ${text}` : text[0].toUpperCase() + text.slice(1);
}

function operation(route: readonly AnyTool[], config: OpenApiOptions['config']): Json {
  const [owner] = route;
  const shared = route.length > 1;
  const description = route.map((tool) => label(tool, shared, `${tool.subtitle}${filesSentence(tool, config)}`));
  for (const tool of route) {
    if (tool.sharesEndpoint) {
      const fields = tool.sharesEndpoint.whenAnyField.map((f) => `\`${f}\``).join(', ');
      description.push(`A request carrying ${fields} is handled as ${tool.title}; any other as ${owner.title}.`);
    }
  }
  return {
    operationId: camelCase(owner.id),
    summary: route.map((t) => t.title).join(' / '),
    description: description.join('\n\n'),
    tags: [CATEGORIES.find((c) => c.id === owner.category)!.label],
    requestBody: { required: true, content: { 'multipart/form-data': requestContent(route, config) } },
    responses: {
      '200': success(route),
      ...noContent(route),
      '400': badRequest(route, config),
      '413': {
        description: `A file is larger than ${formatMegabytes(config.maxUploadBytes)}, or the request larger than ${formatMegabytes(config.maxRequestBytes)}.`,
        content: {
          'application/problem+json': {
            schema: ref('Problem'),
            examples: {
              'file-too-large': { value: example(ApiError.fileTooLarge(config.maxUploadBytes), owner.endpoint) },
              'request-too-large': { value: example(ApiError.requestTooLarge(config.maxRequestBytes), owner.endpoint) },
            },
          },
        },
      },
      '415': {
        description: 'The body is not `multipart/form-data`.',
        content: { 'application/problem+json': { schema: ref('Problem'), example: example(ApiError.unsupportedMediaType(), owner.endpoint) } },
      },
      '429': {
        description:
          'Every processing slot and queue place is taken, your address already has its share of jobs running or waiting, ' +
          'or (with `async=true`) the results kept for download fill their quota; try again after `Retry-After` seconds.',
        headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
        content: {
          'application/problem+json': {
            schema: ref('Problem'),
            examples: {
              busy: { value: example(ApiError.busy(5), owner.endpoint) },
              'address-share': { value: example(ApiError.tooManyJobsOfClient(config.maxJobsPerAddress), owner.endpoint) },
              'results-quota': { value: example(ApiError.resultQuotaReached('address', config.maxResultBytesPerAddress, 60), owner.endpoint) },
            },
          },
        },
      },
      '500': {
        description:
          'The job failed or ran out of time. A timeout is problem JSON; any other failure is plain JSON whose `error` ' +
          'starts with "Job failed:" (internal details are never shown).',
        content: {
          // The body sent for any failure that is not an ApiError (api-exception.filter.ts, failed jobs).
          'application/json': {
            schema: ref('Problem'),
            example: unexpectedFailureBody(owner.endpoint),
          },
          'application/problem+json': {
            schema: ref('Problem'),
            example: example(ApiError.timedOut(owner.timeoutMs ?? config.engineTimeoutMs), owner.endpoint),
          },
        },
      },
    },
  };
}

function filesSentence(tool: AnyTool, config: OpenApiOptions['config']): string {
  const types = tool.input.accept.map((key) => FILE_TYPES[key].label).join(' or ');
  const max = maxFilesOf(tool, config);
  const min = tool.input.minFiles ?? 1;
  if (!tool.input.multiple) return ` Takes one ${types} file.`;
  const batch = tool.input.combine ? ' They are combined into one result.' : ' Several files are each processed and returned together as a ZIP.';
  return ` Takes ${min} to ${max} ${types} files.${batch}`;
}

function maxFilesOf(tool: AnyTool, config: OpenApiOptions['config']): number {
  return maxFilesPerRequest(tool.input, config.maxFiles);
}

function requestContent(route: readonly AnyTool[], config: OpenApiOptions['config']): Json {
  const shared = route.length > 1;
  const mimeTypes = fileMimeTypes(route.flatMap((t) => t.input.accept));
  const binary = { type: 'string', format: 'binary', contentMediaType: mimeTypes.join(', ') };
  const multiple = route.some((t) => t.input.multiple);
  const fileHelp = route.map((t) => label(t, shared, filesSentence(t, config).trim())).join(' ');
  const properties: Json = {
    [FILE_FIELD]: multiple
      ? {
          type: 'array',
          items: binary,
          minItems: Math.min(...route.map((t) => t.input.minFiles ?? 1)),
          maxItems: Math.max(...route.map((t) => maxFilesOf(t, config))),
          description: `The files, one part each. ${fileHelp}`,
        }
      : { ...binary, description: `The file. ${fileHelp}` },
  };
  const fileAliases = [...new Set(route.flatMap((t) => t.input.aliases ?? []))];
  for (const alias of fileAliases) {
    properties[alias] = { ...(properties[FILE_FIELD] as Json), description: `Another name for \`${FILE_FIELD}\`, as some clients send it.` };
  }
  const requiredBy = new Map<string, number>();
  for (const tool of route) {
    for (const [name, declared] of Object.entries(tool.fields)) {
      const field = declared as Field;
      const schema = fieldSchema(tool, name, field, shared, config);
      const existing = properties[name] as Json | undefined;
      properties[name] = existing ? { anyOf: [existing, schema] } : schema;
      if (field.required && !field.visibleWhen) requiredBy.set(name, (requiredBy.get(name) ?? 0) + 1);
      for (const alias of field.aliases ?? []) {
        properties[alias] ??= { ...schema, description: `Another name for \`${name}\`, which wins when both are sent.`, default: undefined };
      }
    }
  }
  // Required on a shared endpoint only when every tool on it requires it.
  const requiredFields = [...requiredBy].filter(([, count]) => count === route.length).map(([name]) => name);
  // The files come under one of their names.
  const fileRequired =
    fileAliases.length === 0
      ? { required: [FILE_FIELD, ...requiredFields] }
      : { required: requiredFields, anyOf: [FILE_FIELD, ...fileAliases].map((name) => ({ required: [name] })) };
  return {
    schema: { type: 'object', ...fileRequired, properties },
    encoding: {
      [FILE_FIELD]: { contentType: mimeTypes.join(', ') },
      ...Object.fromEntries(fileAliases.map((alias) => [alias, { contentType: mimeTypes.join(', ') }])),
      ...Object.fromEntries(route.flatMap((t) => fileFieldsOf(t).map(([name, field]) => [name, { contentType: fileMimeTypes(field.accept).join(', ') }]))),
    },
  };
}

/** A field as the shared JSON Schema has it, its description said of its tool. */
function fieldSchema(tool: AnyTool, name: string, field: Field, shared: boolean, config: OpenApiOptions['config']): Json {
  const schema = fieldJsonSchema(name, field, config.maxFiles);
  return { ...schema, description: label(tool, shared, String(schema.description)) };
}

function success(route: readonly AnyTool[]): Json {
  const shared = route.length > 1;
  const binary = (mediaType: string) => ({ schema: { type: 'string', format: 'binary', contentMediaType: mediaType } });
  const content: Json = {};
  const lines: string[] = [];
  const headers: Json = {};
  for (const tool of route) {
    const [own, ...others] = declaredAnswers(tool);
    const named = (answer: DeclaredAnswer) =>
      answer.download.namedByProcessor
        ? `named after what the document holds (its title, or the name it carries), else \`${answer.download.api}\` after the upload`
        : `named \`${answer.download.api}\``;
    let line = `the result (${own.apiContentType}), ${named(own)}${own.download.namedByProcessor ? '' : ' after the first upload'}`;
    for (const answer of [own, ...others]) content[answer.apiContentType] ??= binary(answer.apiContentType);
    for (const answer of others) line += `; when ${answer.when}, ${answer.apiContentType} ${named(answer)}`;
    if (tool.input.multiple && !tool.input.combine && tool.result.kind !== 'zip') {
      content[RESULT_CONTENT_TYPES.zip] ??= binary(RESULT_CONTENT_TYPES.zip);
      line += `; several files give a ZIP (${RESULT_CONTENT_TYPES.zip}) of one result each, named like the first with \`.zip\``;
    }
    if (tool.result.noContentWhen) line += `; 204 No Content when ${tool.result.noContentWhen}`;
    lines.push(label(tool, shared, `${line}.`));
    for (const [header, says] of Object.entries(tool.result.headers ?? {}))
      headers[header] ??= { description: label(tool, shared, says), schema: { type: 'string' } };
    const outcomes = outcomesOf(tool);
    if (outcomes.length > 0) {
      const says = `Which of the tool's outcomes this answer is, when it is one: ${outcomes.map(([key, outcome]) => `\`${key}\` when ${outcome.when}`).join('; ')}.`;
      headers[OUTCOME_HEADER] ??= { description: label(tool, shared, says), schema: { type: 'string', enum: outcomes.map(([key]) => key) } };
    }
  }
  const exampleName = renderFileName(route[0].download.api, EXAMPLE_UPLOAD, defaultsOf(route[0]));
  return {
    description: `${lines.join(' ')} \`{base}\` is the upload’s name without its extension.`,
    headers: {
      'Content-Disposition': {
        description: 'The download name, URL-encoded: `form-data; name="attachment"; filename="<name>"`.',
        schema: { type: 'string' },
        example: contentDisposition(exampleName),
      },
      ...headers,
    },
    content,
  };
}

/** 204 for the tools on the route that answer nothing when the document holds nothing to answer with (PDF to CSV without tables). */
function noContent(route: readonly AnyTool[]): Json {
  const answering = route.filter((tool) => tool.result.noContentWhen);
  if (answering.length === 0) return {};
  return { '204': { description: answering.map((tool) => label(tool, route.length > 1, `no content: ${tool.result.noContentWhen}.`)).join(' ') } };
}

function badRequest(route: readonly AnyTool[], config: OpenApiOptions['config']): Json {
  const shared = route.length > 1;
  const examples: Json = {};
  const add = (tool: AnyTool, key: string, summary: string, error: ApiError) => {
    const id = shared ? `${tool.id}.${key}` : key;
    examples[id] ??= { summary: shared ? `${tool.title}: ${summary}` : summary, value: example(error, tool.endpoint) };
  };
  for (const tool of route) {
    const { messages } = tool.input;
    add(tool, 'missing-file', 'No file', ApiError.missingFile(messages.missing));
    if ((tool.input.minFiles ?? 1) > 1) add(tool, 'too-few-files', 'Too few files', ApiError.invalidArgument(messages.tooFew ?? messages.missing));
    add(tool, 'too-many-files', 'Too many files', ApiError.tooManyFiles(maxFilesOf(tool, config)));
    add(tool, 'wrong-file-type', 'Not a PDF', ApiError.wrongFileType(messages.wrongType));
    for (const [name, declared] of Object.entries(tool.fields)) {
      const field = declared as Field & { invalid?: string };
      if (field.required) add(tool, `${name}.missing`, `${field.label} left out`, ApiError.invalidArgument(field.required, [`${name}: ${field.required}`]));
      if (field.invalid) add(tool, `${name}.invalid`, `${field.label} refused`, ApiError.invalidArgument(field.invalid, [`${name}: ${field.invalid}`]));
    }
    for (const [index, check] of (tool.checks ?? []).entries()) {
      const summary =
        check.rule === 'notLess' ? `${check.field} less than ${check.than}` : `${check.field} not a ${check.as} while ${describeCondition(check.when)}`;
      add(tool, `${check.field}.check${index === 0 ? '' : index + 1}`, summary, ApiError.invalidArgument(check.message, [`${check.field}: ${check.message}`]));
    }
  }
  add(route[0], 'pdf-password', 'The PDF needs a password (E004)', ApiError.pdfPassword());
  add(route[0], 'pdf-corrupted', 'The PDF is damaged (E001)', ApiError.pdfCorrupted());
  return {
    description: 'A missing or unreadable file, or an option out of its domain. `detail` is the declared message.',
    content: { 'application/problem+json': { schema: ref('Problem'), examples } },
  };
}

/** e.g. `{ splitType: [1, 2] }` → 'splitType is 1 or 2' */
function describeCondition(condition: VisibleWhen): string {
  return Object.entries(condition)
    .map(([field, values]) => `${field} is ${values.join(' or ')}`)
    .join(' and ');
}
