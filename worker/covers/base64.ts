// A multiple of 3, so each chunk encodes without padding and the pieces can be joined.
const CHUNK_BYTES = 3 * 8192;

/**
 * Base64 for large images. Spreading a whole image into String.fromCharCode overflows the call
 * stack for multi-megabyte files; encoding in fixed chunks keeps arguments small.
 */
export function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
    const chunk = bytes.subarray(offset, offset + CHUNK_BYTES);
    let binary = "";
    for (let i = 0; i < chunk.length; i += 1024) {
      binary += String.fromCharCode.apply(null, chunk.subarray(i, i + 1024) as unknown as number[]);
    }
    parts.push(btoa(binary));
  }
  return parts.join("");
}

export function toDataUrl(bytes: Uint8Array, mimeType: string): string {
  return `data:${mimeType};base64,${bytesToBase64(bytes)}`;
}
