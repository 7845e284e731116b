import { data } from "react-router";

/**
 * The standard reason phrase (RFC 9110) of each status a page refuses with. React Router labels a
 * thrown `data()` without one "Internal Server Error", whatever its status, and that label is what
 * the page's serialized ErrorResponse and its error boundary receive.
 */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Content Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? (status >= 500 ? "Internal Server Error" : "");
}

/** What a loader throws to refuse a page: `message` for the error boundary, with its real status text. */
export function refusal(message: string, status: number) {
  return data(message, { status, statusText: reasonPhrase(status) });
}
