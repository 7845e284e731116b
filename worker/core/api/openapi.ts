import { describeRoute, resolver } from "hono-openapi";
import { z } from "zod";

/**
 * Who may call a route, as the API reference says it. The server enforces it; this is its description.
 * "participant", "owner" and the like are members for the session check, and the service checks the rest.
 */
export type Who = "anyone" | "visitor" | "member" | (string & {});

/** Error answers: every one is the `{ success: false, error }` envelope; these say when each comes. */
const WHEN: Record<number, string> = {
  400: "The input is not valid (the message says which field and why).",
  401: "Not signed in, or the session has ended.",
  403: "Not allowed: another site's request, someone else's object, a block, or a suspended account.",
  404: "Not found, or not yours to see.",
  409: "It conflicts with the current state (the message says how).",
  413: "The body is larger than this route takes.",
  426: "Not a WebSocket upgrade (the request lacks `Upgrade: websocket`).",
  429: "Too many requests: the member's limit for this kind of write (the message says when to try again).",
  502: "The service behind this route answered something unusable.",
  503: "The service behind this route cannot be reached.",
  504: "The service behind this route took too long.",
};

export const failureEnvelope = z.object({ success: z.literal(false), error: z.string() }).meta({ id: "Failure" });

/** The success envelope around `data`. */
export const successEnvelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

type Success = 200 | 201 | 202;

export interface RouteDoc {
  /** What the call does, in a line. */
  summary: string;
  /** Who may call it. Members' routes also answer 401 to visitors. */
  who: Who;
  /** The shape of `data` in the success envelope; left out where the answer is described in `description`. */
  data?: z.ZodType;
  /** The success status (200 unless the route creates something or starts work in the background). */
  status?: Success;
  /** Errors this route answers beyond those every route of its kind does (see `errorsFor`). */
  errors?: number[];
  /** More about the call: its rules and messages. */
  description?: string;
  /** A non-JSON success (a file, a zip, a redirect): its status and what it is; `json` is a JSON file's schema beside it. */
  other?: { status: number; description: string; contentType?: string; json?: z.ZodType };
  /**
   * A body the route reads itself (a file, a CSV, audio), by media type: a zod schema for JSON, "binary"
   * or "text" otherwise. Routes with a json validator get theirs from it.
   */
  body?: { description: string; content: Record<string, z.ZodType | "binary" | "text">; required?: boolean };
  tags?: string[];
}

const bodySchema = (schema: z.ZodType | "binary" | "text") =>
  schema === "binary" ? { type: "string", format: "binary" } : schema === "text" ? { type: "string" } : resolver(schema);

/**
 * The errors every route of a kind can answer: 400 for an input, 401 for members' routes, and for
 * writes 403 (the same-origin check), 413 (body size) and 429 (the write limits).
 */
export function errorsFor(method: string, who: Who, extra: number[] = [], socket = false): number[] {
  const write = method !== "GET";
  // A socket takes no input to refuse: its answers are the upgrade's own (401, 403, 404, 426).
  const codes = new Set<number>(socket ? extra : [400, ...extra]);
  if (who !== "anyone" && who !== "visitor") codes.add(401);
  if (write) for (const code of [403, 413, 429]) codes.add(code);
  return [...codes].sort((a, b) => a - b);
}

/** The reference entry of one route: hono-openapi puts it in /api/openapi.json with the route's validators. */
export function doc(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", route: RouteDoc) {
  const responses: Record<string, unknown> = {};
  if (route.other) {
    const content: Record<string, { schema: unknown }> = {};
    if (route.other.contentType) content[route.other.contentType] = { schema: { type: "string", format: "binary" } };
    if (route.other.json) content["application/json"] = { schema: resolver(route.other.json) };
    responses[route.other.status] = { description: route.other.description, ...(Object.keys(content).length ? { content } : {}) };
  } else {
    responses[route.status ?? 200] = {
      description: "The `{ success: true, data }` envelope.",
      content: { "application/json": { schema: resolver(successEnvelope(route.data ?? z.unknown())) } },
    };
  }
  for (const code of errorsFor(method, route.who, route.errors, route.other?.status === 101)) {
    responses[code] = { description: WHEN[code] ?? "An error.", content: { "application/json": { schema: resolver(failureEnvelope) } } };
  }
  return describeRoute({
    summary: route.summary,
    description: [`**Who:** ${route.who}.`, route.description].filter(Boolean).join("\n\n"),
    tags: route.tags,
    security: route.who === "anyone" || route.who === "visitor" ? [] : [{ session: [] }, { bearer: [] }],
    responses: responses as Parameters<typeof describeRoute>[0]["responses"],
    ...(route.body
      ? {
          requestBody: {
            required: route.body.required ?? true,
            description: route.body.description,
            content: Object.fromEntries(Object.entries(route.body.content).map(([type, schema]) => [type, { schema: bodySchema(schema) }])),
          } as Parameters<typeof describeRoute>[0]["requestBody"],
        }
      : {}),
  });
}
