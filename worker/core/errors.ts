import { translate } from "./i18n/request-language";

/** 502-504 are for features that depend on another service (voice transcription): that one failed or is not set up. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503 | 504;

type Values = Record<string, string | number | null | undefined>;

/**
 * A failure a user can act on; both the API and the routes map it to a status and a message.
 * `message` is a catalogue text (its English source is the key), written in the request's language
 * when thrown; `key` and `values` keep the source for whoever must write it again in another language.
 */
export class ServiceError extends Error {
  readonly key: string;
  readonly values?: Values;
  constructor(
    readonly status: ErrorStatus,
    key: string,
    values?: Values,
    /** The input the problem is about, written before the text as the API's messages are ("isbn: …"). */
    readonly field?: string,
  ) {
    super(field ? `${field}: ${translate(key, values)}` : translate(key, values));
    this.name = "ServiceError";
    this.key = key;
    this.values = values;
  }
}

export const badRequest = (message: string, values?: Values) => new ServiceError(400, message, values);
/** A 400 about one input: "isbn: That ISBN is not valid". */
export const badField = (field: string, message: string, values?: Values) => new ServiceError(400, message, values, field);
export const unauthorized = (message = "Please sign in to continue.") => new ServiceError(401, message);
export const forbidden = (message = "You are not allowed to do that.", values?: Values) => new ServiceError(403, message, values);
export const notFound = (message: string, values?: Values) => new ServiceError(404, message, values);
export const conflict = (message: string, values?: Values) => new ServiceError(409, message, values);
export const tooLarge = (message: string, values?: Values) => new ServiceError(413, message, values);
export const tooManyRequests = (message = "Too many requests. Please wait a moment and try again.", values?: Values) => new ServiceError(429, message, values);

export const badGateway = (message: string, values?: Values) => new ServiceError(502, message, values);
export const unavailable = (message: string, values?: Values) => new ServiceError(503, message, values);
export const gatewayTimeout = (message: string, values?: Values) => new ServiceError(504, message, values);

export function requireUser<T extends { user: unknown }>(ctx: T): asserts ctx is T & { user: NonNullable<T["user"]> } {
  if (!ctx.user) throw unauthorized();
}
