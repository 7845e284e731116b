import type { MiddlewareHandler } from "hono";

/** A refusal reads at most this much of a body it never looked at; a larger one is cancelled. */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;

/**
 * Reads what is left of a request body the handler did not read (a 401, 403 or 404 that answered
 * before looking at it). An unread body leaves the client's keep-alive connection mid-request: in
 * `npm run dev` the Vite proxy then reused that connection for the next POST and got "fetch failed",
 * a 500 with a stack trace. Past the limit the body is cancelled and the connection simply closes.
 */
export const drainUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  const body = c.req.raw.body;
  if (!body || c.req.raw.bodyUsed || body.locked) return;
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > DRAIN_LIMIT_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing left to keep in step.
  }
};
