// Every /api request a test sends and every answer it receives is checked against /api/openapi.json: the
// request's parameters and body must be what the operation takes (unless the test says it sends bad input
// on purpose), the answer's route and status must be documented and its body must match the schema. So the
// document cannot drift from the API: a test that sends or meets anything undocumented fails, naming it.

import { exports } from "cloudflare:workers";
import { Validator } from "@cfworker/json-schema";

type Schema = Record<string, unknown>;
interface Parameter {
  $ref?: string;
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: Schema;
}

let loaded: Promise<{ document: Document; routes: { pattern: RegExp; wide: RegExp; path: string; params: number }[] }> | undefined;

/** The document, fetched once per test file through the Worker itself. */
export function apiDocument() {
  loaded ??= exports.default.fetch(new Request("http://localhost/api/openapi.json")).then(async (response) => {
    if (!response.ok) throw new Error(`/api/openapi.json answered ${response.status}`);
    const document = (await response.json()) as Document;
    // Literal segments win over parameters, as Hono registers /clubs/browse before /clubs/:id.
    const routes = Object.keys(document.paths)
      .map((path) => ({
        path,
        params: (path.match(/\{/g) ?? []).length,
        pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
        wide: new RegExp(
          `^${path
            .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
            .replace(/\{[^}]+\}$/, ".+")
            .replace(/\{[^}]+\}/g, "[^/]+")}$`,
        ),
      }))
      .sort((a, b) => a.params - b.params);
    return { document, routes };
  });
  return loaded;
}

const validators = new Map<Schema, Validator>();

function validatorFor(schema: Schema, document: Document): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = new Validator({ ...schema, components: document.components } as never, "2020-12", false);
    validators.set(schema, validator);
  }
  return validator;
}

const problemsOf = (result: { errors: { instanceLocation: string; error: string }[] }) =>
  result.errors
    .slice(0, 4)
    .map((error) => `${error.instanceLocation} ${error.error}`)
    .join("; ");

/** The documented operation a request reaches, or undefined for paths no route serves. */
async function operationFor(request: Request) {
  const url = new URL(request.url);
  const { document, routes } = await apiDocument();
  const method = request.method.toLowerCase();
  const route =
    routes.find((candidate) => candidate.pattern.test(url.pathname) && document.paths[candidate.path]?.[method]) ??
    // A parameter that takes the rest of the path (an upload's key has slashes).
    routes.find((candidate) => candidate.wide.test(url.pathname) && document.paths[candidate.path]?.[method]);
  return { url, document, route, operation: route ? document.paths[route.path]![method] : undefined };
}

/** A parameter's text as its schema's type (a query or path value is a number's or a boolean's serialisation). */
function parameterValue(text: string, schema: Schema, document: Document): unknown {
  if (validatorFor(schema, document).validate(text).valid) return text;
  const number = Number(text);
  if (text.trim() !== "" && Number.isFinite(number)) return number;
  if (text === "true" || text === "false") return text === "true";
  return text;
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Checks one request against its operation: its path and query parameters (no undocumented ones), and
 * its body (present when required, of a documented media type, and for JSON matching the schema; none
 * where the operation takes none). Tests that send bad input on purpose say so (`invalid: true`), so the
 * check stays strict for the rest: a test cannot lean on input the document does not allow.
 */
export async function checkRequestAgainstDocument(request: Request): Promise<void> {
  if (!new URL(request.url).pathname.startsWith("/api/")) return;
  const { url, document, route, operation } = await operationFor(request);
  if (!route || !operation?.summary) return;
  const where = `${request.method} ${route.path}`;
  const problems: string[] = [];
  const parameters = (operation.parameters ?? []).map((parameter) => {
    if (!parameter.$ref) return parameter;
    const name = parameter.$ref.replace("#/components/parameters/", "");
    return ((document.components as { parameters?: Record<string, Parameter> } | undefined)?.parameters?.[name] ?? parameter) as Parameter;
  });
  // Path parameters, by the template's segments (the upload key's segments included).
  const template = route.path.split("/");
  const segments = url.pathname.split("/");
  for (const [index, segment] of template.entries()) {
    const name = segment.match(/^\{(.+)\}$/)?.[1];
    if (!name) continue;
    const parameter = parameters.find((candidate) => candidate.in === "path" && candidate.name === name);
    if (!parameter) {
      problems.push(`path parameter ${name} is not described`);
      continue;
    }
    const raw = index === template.length - 1 ? segments.slice(index).join("/") : (segments[index] ?? "");
    let text = raw;
    try {
      text = decodeURIComponent(raw);
    } catch {
      // A malformed escape is the test's point (tests/core/malformed-escapes.api.test.ts): checked as sent.
    }
    if (parameter.schema) {
      const result = validatorFor(parameter.schema, document).validate(parameterValue(text, parameter.schema, document));
      if (!result.valid) problems.push(`path parameter ${name}: ${problemsOf(result)}`);
    }
  }
  for (const name of new Set(url.searchParams.keys())) {
    const parameter = parameters.find((candidate) => candidate.in === "query" && candidate.name === name);
    if (!parameter) {
      problems.push(`query parameter ${name} is not in the document`);
      continue;
    }
    for (const text of url.searchParams.getAll(name)) {
      if (!parameter.schema) continue;
      const result = validatorFor(parameter.schema, document).validate(parameterValue(text, parameter.schema, document));
      if (!result.valid) problems.push(`query parameter ${name}: ${problemsOf(result)}`);
    }
  }
  for (const parameter of parameters) {
    if (parameter.in === "query" && parameter.required && !url.searchParams.has(parameter.name)) problems.push(`query parameter ${parameter.name} is required`);
  }
  // The body: read from a copy, so the Worker still gets the request's own.
  const bytes = request.body ? new Uint8Array(await request.clone().arrayBuffer()) : new Uint8Array();
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  const content = operation.requestBody?.content ?? {};
  if (!operation.requestBody) {
    if (bytes.byteLength > 0) problems.push("sends a body, but the operation takes none");
  } else if (bytes.byteLength === 0) {
    if (operation.requestBody.required) problems.push("sends no body, but the operation requires one");
  } else {
    const mediaType = Object.keys(content).find((candidate) => candidate === type || (candidate.endsWith("/*") && type.startsWith(candidate.slice(0, -1))));
    if (!mediaType) problems.push(`sends ${type || "no Content-Type"}, but the operation takes ${Object.keys(content).join(", ")}`);
    else if (JSON_TYPE.test(mediaType) && content[mediaType]?.schema) {
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        problems.push("sends a JSON body that does not parse");
      }
      if (body !== undefined) {
        const result = validatorFor(content[mediaType].schema!, document).validate(body);
        if (!result.valid) problems.push(`the body does not match: ${problemsOf(result)}`);
      }
    }
  }
  if (problems.length) {
    throw new Error(`${where}: the request does not match /api/openapi.json (say invalid: true if the test means it): ${problems.join("; ")}`);
  }
}

/** Checks one answer; throws an Error naming the route, status and mismatch. */
export async function checkAgainstDocument(request: Request, response: Response): Promise<void> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith("/api/") || response.status === 101) return;
  const { document, route, operation: found } = await operationFor(request);
  // Paths no route serves (the catch-all 404) are not in the document; nothing else may be missing.
  if (!route) {
    if (response.status === 404 || response.status === 405) return;
    throw new Error(`${request.method} ${url.pathname} answered ${response.status} but is not in /api/openapi.json`);
  }
  const operation = found!;
  // A route listed without its description yet: tests/core/openapi.api.test.ts fails for it on its own.
  if (!operation.summary) return;
  const documented = operation.responses?.[String(response.status)];
  if (!documented) {
    throw new Error(
      `${request.method} ${route.path} answered ${response.status}, which /api/openapi.json does not list (it lists ${Object.keys(operation.responses ?? {}).join(", ")})`,
    );
  }
  const type = response.headers.get("Content-Type") ?? "";
  const schema = documented.content?.["application/json"]?.schema;
  if (!schema || !type.startsWith("application/json")) return;
  const body = await response.clone().json();
  const result = validatorFor(schema, document).validate(body);
  if (!result.valid) {
    throw new Error(`${request.method} ${route.path} ${response.status}: the body does not match /api/openapi.json: ${problemsOf(result)}`);
  }
}
