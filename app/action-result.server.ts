import { data } from "react-router";
import type { z } from "zod";
import { ServiceError } from "../worker/services/errors";

/** Errors keyed by field name, plus "form" for what is not about one field. */
export type FormErrors = Record<string, string>;

/** A refused action: `{ ok: false, errors }` with the status the problem deserves. */
export function refuse(errors: FormErrors, status: number) {
  return data({ ok: false as const, errors }, { status });
}

/** The first message for each field of a failed zod parse. */
export function fieldErrors(error: z.ZodError): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

/**
 * What an action returns for an error a service threw: a ServiceError becomes a form error with its
 * status (optionally with the route's own wording); anything else is a bug and goes on to the
 * route's error boundary.
 */
export function actionError(error: unknown, message?: (error: ServiceError) => string) {
  if (error instanceof ServiceError) return refuse({ form: message ? message(error) : error.message }, error.status);
  throw error;
}
