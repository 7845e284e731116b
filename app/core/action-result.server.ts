import { ServiceError } from "@worker/core/errors";
import { reasonPhrase } from "@worker/core/http/reason-phrase";
import { data } from "react-router";
import type { z } from "zod";

/** Errors keyed by field name, plus "form" for what is not about one field. */
export type FormErrors = Record<string, string>;

/** A refused action: `{ ok: false, errors }` with the status the problem deserves. */
export function refuse(errors: FormErrors, status: number) {
  return data({ ok: false as const, errors }, { status, statusText: reasonPhrase(status) });
}

/** The first message for each field of a failed zod parse. */
export function fieldErrors(error: z.ZodError): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

export interface ActionErrorOptions {
  /** The field the error belongs to ("form" unless said). */
  field?: string;
  /** The route's own wording for a refusal, when the page words it differently from the service. */
  message?: (error: ServiceError) => string;
  /**
   * The page's message for a failure the member did not cause (storage down, a bug). Without it such
   * an error goes on to the route's error boundary; with it, it is logged and answered with 500.
   */
  unexpected?: string;
}

/** What an action returns for an error a service threw: a ServiceError becomes a field error with its status. */
export function actionError(error: unknown, options: ActionErrorOptions = {}) {
  const field = options.field ?? "form";
  if (error instanceof ServiceError) return refuse({ [field]: options.message ? options.message(error) : error.message }, error.status);
  if (options.unexpected === undefined) throw error;
  console.error(options.unexpected, error);
  return refuse({ [field]: options.unexpected }, 500);
}
