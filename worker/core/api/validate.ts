import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import { resolver, uniqueSymbol } from "hono-openapi";
import type { z } from "zod";
import { badRequest } from "../errors";
import { translate } from "../i18n/request-language";

/** Lets hono-openapi read the route's input from our validator, as it does from its own. */
function described<M extends object>(middleware: M, target: keyof ValidationTargets, schema: z.ZodType): M {
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
}

/**
 * The first problem in words a client can show, e.g. "limit: must be at most 100". The app's own
 * messages were written in the request's language when parsed; zod's defaults ("Too small: …") are
 * for developers and stay English.
 */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return translate("Invalid request");
  const path = issue.path.join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeZodError(result.error));
  return result.data;
}

/** Hono validator backed by a zod schema; failures become 400 envelopes via the API's onError. */
export function zv<T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) {
  return described(
    validator(target, (value) => parseOrThrow(schema, value) as z.output<S>),
    target,
    schema,
  );
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json\b/i;

/** JSON body validator that refuses other content types instead of validating an empty object. */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return described(
    validator("json", (value, c) => {
      if (!JSON_TYPE.test(c.req.header("Content-Type") ?? "")) throw badRequest("Content-Type must be application/json");
      return parseOrThrow(schema, value) as z.output<S>;
    }),
    "json",
    schema,
  );
}

/**
 * A JSON body the client may leave out (no body means `{}`); a body that is there must be JSON.
 * Hono's own json validator hands `{}` on for any other Content-Type, which silently dropped what was sent.
 */
export function optionalJsonBody<S extends z.ZodType>(schema: S) {
  const middleware = validator("json", async (value, c) => {
    if (JSON_TYPE.test(c.req.header("Content-Type") ?? "")) return parseOrThrow(schema, value) as z.output<S>;
    if (await hasBody(c.req.raw, () => c.req.arrayBuffer())) throw badRequest("Content-Type must be application/json");
    return parseOrThrow(schema, {}) as z.output<S>;
  });
  // Described as a route's own requestBody, so the reference can say it is optional (a validator's is required).
  return Object.assign(middleware, {
    [uniqueSymbol]: { spec: { requestBody: { required: false, content: { "application/json": { schema: resolver(schema) } } } } },
  });
}

/** True when the request carries at least one byte of body (read through `read`, which Hono caches). */
export async function hasBody(request: Request, read: () => Promise<ArrayBuffer>): Promise<boolean> {
  if (request.body === null || request.headers.get("Content-Length") === "0") return false;
  return (await read()).byteLength > 0;
}

/** JSON body validated by a schema chosen from the body itself (for payloads with several shapes); `all` is every shape, for the reference. */
export function jsonBodyBy<S extends z.ZodType>(choose: (value: unknown) => S, all: z.ZodType) {
  return described(
    validator("json", (value, c) => {
      const type = c.req.header("Content-Type") ?? "";
      if (!/^application\/([\w.-]+\+)?json\b/i.test(type)) throw badRequest("Content-Type must be application/json");
      return parseOrThrow(choose(value), value) as z.output<S>;
    }),
    "json",
    all,
  );
}
