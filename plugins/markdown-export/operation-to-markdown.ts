/**
 * An API operation page as Markdown, written from the operation itself rather than from
 * its HTML: the page draws parameters, schemas and response examples with interactive components
 * (collapsible trees, tabs, examples rendered in the browser), which flatten badly. The result reads
 * top to bottom: method and path, description, authorization, parameters, request body, responses
 * with their schemas and examples, and the same cURL sample the page shows.
 */
import {serverBasePath} from '../openapi/endpoint';
// docusaurus-plugin-openapi-docs' own example generator: the examples match the page's.
import {sampleFromSchema} from 'docusaurus-plugin-openapi-docs/lib/openapi/createSchemaExample';

/* eslint-disable @typescript-eslint/no-explicit-any -- the operation is docusaurus-plugin-openapi-docs' untyped JSON. */
type Schema = Record<string, any>;

const MAX_DEPTH = 6;
const LOCATIONS: Record<string, string> = {path: 'путь', query: 'строка запроса', header: 'заголовок', cookie: 'cookie'};

/** Text for one line of a list or a table cell: paragraphs joined, pipes escaped. */
const oneLine = (text: unknown) =>
  typeof text === 'string'
    ? text
        .replace(/\s*\n\s*/g, ' ')
        .replace(/\|/g, '\\|')
        .trim()
    : '';

/** `string`, `integer (int64)`, `string[]`, `object`… as the schema declares it. */
export function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  const type = Array.isArray(schema.type)
    ? schema.type.join(' | ')
    : (schema.type ?? (schema.properties ? 'object' : schema.oneOf || schema.anyOf ? 'oneOf' : 'any'));
  return schema.format ? `${type} (${schema.format})` : type;
}

/** allOf merged into one object schema (properties and required lists), as the page shows it. */
function merged(schema: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  const parts = schema.allOf.map(merged);
  const {allOf: _allOf, ...rest} = schema;
  return parts.reduce<Schema>(
    (all, part) => ({
      ...part,
      ...all,
      properties: {...all.properties, ...part.properties},
      required: [...(all.required ?? []), ...(part.required ?? [])],
    }),
    {...rest, properties: {...rest.properties}, required: [...(rest.required ?? [])]},
  );
}

/** Limits, allowed values and the default of a field, in a few words. */
function facts(schema: Schema): string {
  const out: string[] = [];
  const values = schema.enum ?? schema.items?.enum;
  if (Array.isArray(values)) out.push(`значения: ${values.map((v: unknown) => (v === '' ? 'пустая строка' : `\`${String(v)}\``)).join(', ')}`);
  if (schema.default !== undefined) out.push(`по умолчанию \`${JSON.stringify(schema.default)}\``);
  if (schema.minimum !== undefined) out.push(`не меньше ${schema.minimum}`);
  if (schema.maximum !== undefined) out.push(`не больше ${schema.maximum}`);
  if (schema.minLength !== undefined && schema.minLength === schema.maxLength) out.push(`длина ${schema.minLength}`);
  else {
    if (schema.minLength !== undefined) out.push(`длина от ${schema.minLength}`);
    if (schema.maxLength !== undefined) out.push(`длина до ${schema.maxLength}`);
  }
  if (schema.maxItems !== undefined) out.push(`не больше ${schema.maxItems} элементов`);
  if (schema.deprecated) out.push('устарело');
  return out.length ? ` (${out.join('; ')})` : '';
}

/** The fields of a schema as a nested Markdown list. */
export function schemaList(input: Schema | undefined, indent = '', depth = 0, seen: Set<Schema> = new Set()): string[] {
  if (!input || depth > MAX_DEPTH || seen.has(input)) return [];
  const schema = merged(input);
  const inner = new Set(seen).add(input);
  if (schema.type === 'array' && schema.items) return schemaList(schema.items, indent, depth, inner);
  const lines: string[] = [];
  const variants = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(variants) && !schema.properties) {
    variants.forEach((variant: Schema, i: number) => {
      lines.push(
        `${indent}- Вариант ${i + 1}${variant.title ? ` — ${variant.title}` : ''}: ${typeOf(variant)}${variant.description ? ` — ${oneLine(variant.description)}` : ''}`,
      );
      lines.push(...schemaList(variant, `${indent}  `, depth + 1, inner));
    });
    return lines;
  }
  const required = new Set<string>(schema.required ?? []);
  for (const [name, raw] of Object.entries<Schema>(schema.properties ?? {})) {
    const field = merged(raw);
    const flags = required.has(name) ? ', обязательное' : '';
    const description = field.description ?? raw.description;
    lines.push(`${indent}- \`${name}\` (${typeOf(field)}${flags})${description ? ` — ${oneLine(description)}` : ''}${facts(field)}`);
    lines.push(...schemaList(field, `${indent}  `, depth + 1, inner));
  }
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object' && Object.keys(extra).length > 0) {
    lines.push(`${indent}- любые другие ключи: ${typeOf(extra)}${extra.description ? ` — ${oneLine(extra.description)}` : ''}`);
    lines.push(...schemaList(extra, `${indent}  `, depth + 1, inner));
  }
  return lines;
}

/** A JSON example of a media type: its own example(s), else one made from the schema. */
function example(media: Schema, type: 'request' | 'response'): string | undefined {
  let value: unknown = media.example;
  if (value === undefined && media.examples && typeof media.examples === 'object') value = (Object.values(media.examples)[0] as Schema | undefined)?.value;
  if (value === undefined && media.schema) {
    try {
      value = sampleFromSchema(media.schema, {type});
    } catch {
      value = undefined;
    }
  }
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

function mediaSection(content: Record<string, Schema> | undefined, type: 'request' | 'response'): string[] {
  const out: string[] = [];
  for (const [mediaType, media] of Object.entries(content ?? {})) {
    out.push(`Тип содержимого: \`${mediaType}\`${media.schema ? `, ${typeOf(media.schema)}` : ''}.`, '');
    const description = media.schema?.description;
    if (description) out.push(oneLine(description), '');
    const fields = schemaList(media.schema);
    if (fields.length) out.push(...fields, '');
    const sample = mediaType.includes('json') ? example(media, type) : undefined;
    if (sample) out.push('Пример:', '', '```json', sample, '```', '');
  }
  return out;
}

export interface OperationPage {
  title: string;
  api: Schema;
  /** The page's cURL sample as made at build time (plugins/openapi/samples.ts), if any. */
  curl?: string;
}

/** The Markdown of one operation page. */
export function operationToMarkdown({title, api, curl}: OperationPage): string {
  const basePath = serverBasePath(api);
  const out: string[] = [`# ${title}`, '', `\`${String(api.method).toUpperCase()} ${basePath}${api.path}\``, ''];
  if (api.deprecated) out.push('> **Устарело.** Операция оставлена для совместимости.', '');
  if (api.description) out.push(String(api.description).trim(), '');

  const schemes = (api.security ?? []).flatMap((requirement: Schema) => Object.keys(requirement));
  if (schemes.length) {
    out.push('## Авторизация', '');
    for (const name of new Set<string>(schemes)) {
      const scheme = api.securitySchemes?.[name] ?? {};
      const kind =
        scheme.type === 'http'
          ? `HTTP ${scheme.scheme ?? ''}`.trim()
          : scheme.type === 'apiKey'
            ? `ключ в ${scheme.in} \`${scheme.name}\``
            : (scheme.type ?? name);
      out.push(`- \`${name}\` (${kind})${scheme.description ? ` — ${oneLine(scheme.description)}` : ''}`);
    }
    out.push('');
  }

  const params: Schema[] = api.parameters ?? [];
  if (params.length) {
    out.push('## Параметры', '', '| Параметр | Где | Тип | Обязательный | Описание |', '| --- | --- | --- | --- | --- |');
    for (const p of params) {
      out.push(
        `| \`${p.name}\` | ${LOCATIONS[p.in] ?? p.in} | ${typeOf(p.schema)} | ${p.required ? 'да' : 'нет'} | ${oneLine(p.description)}${p.schema ? facts(p.schema) : ''} |`,
      );
    }
    out.push('');
  }

  if (api.requestBody) {
    out.push('## Тело запроса', '');
    if (api.requestBody.description) out.push(oneLine(api.requestBody.description), '');
    out.push(api.requestBody.required ? 'Тело обязательно.' : 'Тело необязательно.', '');
    out.push(...mediaSection(api.requestBody.content, 'request'));
  }

  const responses = Object.entries<Schema>(api.responses ?? {});
  if (responses.length) {
    out.push('## Ответы', '');
    for (const [status, response] of responses) {
      out.push(`### ${status}${response.description ? ` — ${oneLine(response.description)}` : ''}`, '');
      out.push(...mediaSection(response.content, 'response'));
    }
  }

  if (curl) out.push('## Пример запроса', '', '```bash', curl.trim(), '```', '');
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
