import { badRequest, ServiceError, tooLarge } from "@worker/core/errors";
import { readBodyWithLimit } from "@worker/core/http/body-limit";
import { msg } from "@worker/core/shared/translate";

/** Page forms carry text only (files go through signed upload URLs, or the profile's own limit). */
export const MAX_FORM_BYTES = 64 * 1024;
export const FORM_TOO_LARGE = msg("The form is too large.");

/**
 * Every page action reads its form here, so none can be made to buffer an arbitrarily large body
 * (the API's body limit does not cover page routes). Past `maxBytes` it refuses with 413, and the
 * unread rest of the body is cancelled so the connection is not left holding it.
 */
export async function readFormData(request: Request, maxBytes = MAX_FORM_BYTES, tooLargeMessage = FORM_TOO_LARGE): Promise<FormData> {
  const length = request.headers.get("Content-Length");
  if (length && /^\d+$/.test(length) && Number(length) > maxBytes) {
    await request.body?.cancel();
    throw tooLarge(tooLargeMessage);
  }
  const bytes = await readBodyWithLimit(request.body, maxBytes, () => tooLarge(tooLargeMessage));
  try {
    return await new Response(bytes, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    throw badRequest("The form could not be read. Please try again.");
  }
}

/**
 * For a POST-only action whose form only its page sends: the form, or a plain answer with the refusal
 * (too large, unreadable), since there is no page of its own to show it on.
 */
export async function readFormOrRefuse(request: Request): Promise<FormData | Response> {
  try {
    return await readFormData(request);
  } catch (error) {
    if (error instanceof ServiceError) return new Response(error.message, { status: error.status });
    throw error;
  }
}

/** A text field, or undefined when the form did not send it. */
export function textField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/**
 * A checkbox as the JSON boolean the shared schemas take: ticked ("on", or "true") or not (absent, empty,
 * "off", "false"). Other text is passed on for the schema to refuse. The API takes booleans only.
 */
export function checkboxField(form: FormData, name: string): boolean | string {
  const value = textField(form, name) ?? "";
  const word = value.trim().toLowerCase();
  if (word === "on" || word === "true") return true;
  if (word === "" || word === "off" || word === "false") return false;
  return value;
}

/**
 * A number field as the JSON number the shared schemas take: absent is undefined, blank is null (cleared),
 * a number is one; other text is passed on for the schema to refuse with its own message.
 */
export function numberField(form: FormData, name: string): number | string | null | undefined {
  const value = textField(form, name);
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === "") return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : value;
}
