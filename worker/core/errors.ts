/** 502-504 are for features that depend on another service (voice transcription): that one failed or is not set up. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503 | 504;

/** A failure a user can act on; both the API and the routes map it to a status and a message. */
export class ServiceError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

export const badRequest = (message: string) => new ServiceError(400, message);
export const unauthorized = (message = "Please sign in to continue.") => new ServiceError(401, message);
export const forbidden = (message = "You are not allowed to do that.") => new ServiceError(403, message);
export const notFound = (message: string) => new ServiceError(404, message);
export const conflict = (message: string) => new ServiceError(409, message);
export const tooLarge = (message: string) => new ServiceError(413, message);
export const tooManyRequests = (message = "Too many requests. Please wait a moment and try again.") =>
  new ServiceError(429, message);

export const badGateway = (message: string) => new ServiceError(502, message);
export const unavailable = (message: string) => new ServiceError(503, message);
export const gatewayTimeout = (message: string) => new ServiceError(504, message);

export function requireUser<T extends { user: unknown }>(ctx: T): asserts ctx is T & { user: NonNullable<T["user"]> } {
  if (!ctx.user) throw unauthorized();
}
