import { doc } from "@worker/core/api/openapi";
import type { AppEnv } from "@worker/core/http/app-env";
import type { Context, Hono } from "hono";
import { generateSpecs } from "hono-openapi";

type Document = Awaited<ReturnType<typeof generateSpecs>>;

const DOCUMENTATION = {
  openapi: "3.1.0",
  info: {
    title: "BookClub API",
    version: "1",
    description:
      "JSON under `/api`, in one envelope: `{ success: true, data }` or `{ success: false, error }`. Browsers authenticate with the session cookie (writes must be same-origin); other clients send `Authorization: Bearer <token>`. JSON bodies are limited to 64 KiB, and take the documented types only; an operation listed without a request body refuses one (400).",
  },
  // The document is served by the deployment it describes, so its server is the one it came from.
  servers: [{ url: "/", description: "The deployment serving this document" }],
  components: {
    securitySchemes: {
      session: { type: "apiKey" as const, in: "cookie" as const, name: "bookclub_session" },
      bearer: { type: "http" as const, scheme: "bearer" },
    },
  },
};

/** The document is the same for the isolate's life: the routes are fixed when the module loads. */
let cached: Promise<Document> | undefined;

/** The OpenAPI 3.1 document of every `/api` route, built from the routes' own zod schemas and descriptions. */
export function apiDocument(app: Hono<AppEnv>): Promise<Document> {
  cached ??= generateSpecs(app, {
    documentation: DOCUMENTATION,
    exclude: [/^\/(?!api\/)/],
    // A route without a description is still listed (empty), so the test that wants every route described finds it.
    includeEmptyPaths: true,
    // Every route's doc() describes its 400: our validators answer the envelope, not hono-openapi's default shape.
    defaultValidationErrorResponse: false,
  }).catch((error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

const escapeHtml = (text: unknown) => String(text ?? "").replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The reference page: the same document as HTML, one section per tag (a server-rendered page, no script). */
function referencePage(document: Document): string {
  type Operation = {
    summary?: string;
    description?: string;
    tags?: string[];
    parameters?: { name: string; in: string; required?: boolean }[];
    requestBody?: unknown;
    responses?: Record<string, { description?: string }>;
  };
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, raw] of Object.entries(item ?? {})) {
      const op = raw as Operation;
      const tag = op.tags?.[0] ?? "Other";
      const params = (op.parameters ?? []).map((p) => `<code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ", required" : ""})`).join(", ");
      const body = op.requestBody ? `<details><summary>Body</summary><pre>${escapeHtml(JSON.stringify(op.requestBody, null, 2))}</pre></details>` : "";
      const responses = Object.entries(op.responses ?? {})
        .map(([code, response]) => `<li><strong>${escapeHtml(code)}</strong> ${escapeHtml(response.description)}</li>`)
        .join("");
      const entry = `<article id="${escapeHtml(`${method}-${path}`)}"><h3><code>${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}</code></h3><p>${escapeHtml(op.summary)}</p><p>${escapeHtml(op.description)}</p>${params ? `<p>Parameters: ${params}</p>` : ""}${body}<ul>${responses}</ul></article>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), entry]);
    }
  }
  const sections = [...byTag].map(([tag, entries]) => `<section><h2>${escapeHtml(tag)}</h2>${entries.join("")}</section>`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>BookClub API reference</title></head><body><main><h1>BookClub API reference</h1><p>${escapeHtml(document.info?.description)}</p><p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>${sections}</main></body></html>`;
}

/** `/api/openapi.json` and `/api/docs`, for the app whose routes they describe. */
export function mountApiReference(app: Hono<AppEnv>) {
  app.get(
    "/api/openapi.json",
    doc("GET", {
      summary: "This document",
      who: "anyone",
      tags: ["Reference"],
      other: { status: 200, description: "The OpenAPI 3.1 document of every /api route (JSON)." },
    }),
    async (c: Context<AppEnv>) => c.json(await apiDocument(app), 200, { "Cache-Control": "public, max-age=300" }),
  );
  app.get(
    "/api/docs",
    doc("GET", {
      summary: "The API reference page",
      who: "anyone",
      tags: ["Reference"],
      other: { status: 200, description: "This document as an HTML page.", contentType: "text/html" },
    }),
    async (c: Context<AppEnv>) => c.html(referencePage(await apiDocument(app)), 200, { "Cache-Control": "public, max-age=300" }),
  );
}
