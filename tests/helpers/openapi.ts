// Every /api answer a test receives is checked against /api/openapi.json: its route and status must be
// documented and its body must match the documented schema. So the document cannot drift from the API:
// a test that meets an undocumented status or shape fails with the route and the mismatch.
import { Validator } from "@cfworker/json-schema";
import { exports } from "cloudflare:workers";

type Schema = Record<string, unknown>;
interface Operation {
  summary?: string;
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
        wide: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}$/, ".+").replace(/\{[^}]+\}/g, "[^/]+")}$`),
      }))
      .sort((a, b) => a.params - b.params);
    return { document, routes };
  });
  return loaded;
}

const validators = new Map<Schema, Validator>();

/** Checks one answer; throws an Error naming the route, status and mismatch. */
export async function checkAgainstDocument(request: Request, response: Response): Promise<void> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith("/api/") || response.status === 101) return;
  const { document, routes } = await apiDocument();
  const method = request.method.toLowerCase();
  const route =
    routes.find((candidate) => candidate.pattern.test(url.pathname) && document.paths[candidate.path]?.[method]) ??
    // A parameter that takes the rest of the path (an upload's key has slashes).
    routes.find((candidate) => candidate.wide.test(url.pathname) && document.paths[candidate.path]?.[method]);
  // Paths no route serves (the catch-all 404) are not in the document; nothing else may be missing.
  if (!route) {
    if (response.status === 404 || response.status === 405) return;
    throw new Error(`${request.method} ${url.pathname} answered ${response.status} but is not in /api/openapi.json`);
  }
  const operation = document.paths[route.path]![method]!;
  // A route listed without its description yet: tests/core/openapi.api.test.ts fails for it on its own.
  if (!operation.summary) return;
  const documented = operation.responses?.[String(response.status)];
  if (!documented) {
    throw new Error(`${request.method} ${route.path} answered ${response.status}, which /api/openapi.json does not list (it lists ${Object.keys(operation.responses ?? {}).join(", ")})`);
  }
  const type = response.headers.get("Content-Type") ?? "";
  const schema = documented.content?.["application/json"]?.schema;
  if (!schema || !type.startsWith("application/json")) return;
  let validator = validators.get(schema);
  if (!validator) {
    validator = new Validator({ ...schema, components: document.components } as never, "2020-12", false);
    validators.set(schema, validator);
  }
  const body = await response.clone().json();
  const result = validator.validate(body);
  if (!result.valid) {
    const problems = result.errors.slice(0, 4).map((error) => `${error.instanceLocation} ${error.error}`);
    throw new Error(`${request.method} ${route.path} ${response.status}: the body does not match /api/openapi.json: ${problems.join("; ")}`);
  }
}
