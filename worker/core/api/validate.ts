import { validator } from "hono/validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { badRequest } from "../errors";

/** The first problem in words a client can show, e.g. "limit: must be at most 100". */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
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
  return validator(target, (value) => parseOrThrow(schema, value) as z.output<S>);
}

/** JSON body validator that refuses other content types instead of validating an empty object. */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return validator("json", (value, c) => {
    const type = c.req.header("Content-Type") ?? "";
    if (!/^application\/([\w.-]+\+)?json\b/i.test(type)) throw badRequest("Content-Type must be application/json");
    return parseOrThrow(schema, value) as z.output<S>;
  });
}

/** JSON body validated by a schema chosen from the body itself (for payloads with several shapes). */
export function jsonBodyBy<S extends z.ZodType>(choose: (value: unknown) => S) {
  return validator("json", (value, c) => {
    const type = c.req.header("Content-Type") ?? "";
    if (!/^application\/([\w.-]+\+)?json\b/i.test(type)) throw badRequest("Content-Type must be application/json");
    return parseOrThrow(choose(value), value) as z.output<S>;
  });
}
