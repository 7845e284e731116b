/**
 * How a failed step should be handled. Transient failures (timeouts, network errors, 429/5xx) are
 * retried with backoff; permanent ones (unreadable model output, missing or broken image,
 * misconfiguration) will not improve on retry, so the book is marked "needs details" at once.
 */
export class TransientError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "TransientError";
  }
}

export class PermanentError extends Error {
  constructor(
    message: string,
    /** What the owner sees on the book (a catalogue text, kept in English); defaults to the generic "couldn't read" text. */
    readonly userMessage?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "PermanentError";
  }
}

/** 408, 429 and 5xx are worth retrying; other 4xx mean our request or configuration is wrong. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** Errors from fetch or an RPC binding that are not our own classification count as transient. */
export function asClassified(error: unknown, what: string): TransientError | PermanentError {
  if (error instanceof TransientError || error instanceof PermanentError) return error;
  if (isAbortError(error)) return new TransientError(`${what} timed out`, { cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new TransientError(`${what} failed: ${message}`, { cause: error });
}

/**
 * Settles with the promise, or rejects when the signal aborts: not every binding or mock honours
 * an AbortSignal, and a hung provider must not hold the message until the platform kills it.
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
