import { reasonPhrase } from "@worker/core/http/reason-phrase";
import { data } from "react-router";

/**
 * What a loader throws to refuse a page: `message` for the error boundary, with its status and that
 * status's real reason phrase. React Router labels a thrown `data()` without one "Internal Server
 * Error", whatever its status, and that label is what the page's serialized ErrorResponse carries.
 */
export function refusal(message: string, status: number) {
  return data(message, { status, statusText: reasonPhrase(status) });
}
