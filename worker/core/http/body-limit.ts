/**
 * Reads at most `limit` bytes of a body; more is refused (with the caller's error) without buffering
 * it all. Callers choose the error so this stays below the services that map it to a status.
 */
export async function readBodyWithLimit(body: ReadableStream<Uint8Array> | null, limit: number, refuse: () => Error): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw refuse();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
