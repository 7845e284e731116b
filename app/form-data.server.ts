import { badRequest, tooLarge } from "../worker/services/errors";
import { readBodyWithLimit } from "../worker/services/uploads";

/**
 * Parses a form post after reading at most `maxBytes`, so a page action cannot be made to
 * buffer an arbitrarily large body (the API's body limit does not cover page routes).
 */
export async function readFormData(request: Request, maxBytes: number, tooLargeMessage: string): Promise<FormData> {
  const length = request.headers.get("Content-Length");
  if (length && /^\d+$/.test(length) && Number(length) > maxBytes) throw tooLarge(tooLargeMessage);
  const bytes = await readBodyWithLimit(request.body, maxBytes, tooLargeMessage);
  try {
    return await new Response(bytes, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    throw badRequest("The form could not be read. Please try again.");
  }
}

/** A text field, or undefined when the form did not send it. */
export function textField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}
