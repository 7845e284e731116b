import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { AccountZip } from "./member-data-parts";

/** R2 parts must be at least 5 MiB and all the same size, except the last (which may be smaller). */
export const R2_PART_BYTES = 5 * 1024 * 1024;

/**
 * A zip written entry by entry: each entry's bytes go to `sink` before the next one is read, so the
 * zip is never whole in memory. JSON is deflated; files are stored as they are (images are already
 * compressed), streamed chunk by chunk from their body.
 */
class StreamingZip implements AccountZip {
  private pending: Uint8Array[] = [];
  private failure: Error | null = null;
  private readonly zip = new Zip((error, chunk) => {
    if (error) this.failure = error;
    else this.pending.push(chunk);
  });

  constructor(private readonly sink: (chunk: Uint8Array) => Promise<void>) {}

  private async drain() {
    if (this.failure) throw this.failure;
    const chunks = this.pending;
    this.pending = [];
    for (const chunk of chunks) await this.sink(chunk);
  }

  async json(name: string, value: unknown) {
    const file = new ZipDeflate(name, { level: 6 });
    this.zip.add(file);
    file.push(new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`), true);
    await this.drain();
  }

  async file(name: string, body: ReadableStream<Uint8Array> | Uint8Array) {
    const file = new ZipPassThrough(name);
    this.zip.add(file);
    if (body instanceof Uint8Array) {
      file.push(body, true);
    } else {
      const reader = body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        file.push(read.value);
        await this.drain();
      }
      file.push(new Uint8Array(0), true);
    }
    await this.drain();
  }

  async end() {
    this.zip.end();
    await this.drain();
  }
}

/** The zip `write` fills, as one Blob: for a small account's download answered at once. */
export async function zipToBlob(write: (zip: AccountZip) => Promise<void>): Promise<Blob> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const zip = new StreamingZip(async (chunk) => {
    chunks.push(chunk as Uint8Array<ArrayBuffer>);
  });
  await write(zip);
  await zip.end();
  return new Blob(chunks, { type: "application/zip" });
}

/**
 * The zip `write` fills, uploaded to `key` as an R2 multipart upload while it is written: at most one
 * part's bytes are held at a time. A failure aborts the upload, so no partial object is left.
 */
export async function zipToR2(
  bucket: R2Bucket,
  key: string,
  write: (zip: AccountZip) => Promise<void>,
  options?: R2MultipartOptions,
): Promise<{ size: number; parts: number }> {
  const upload = await bucket.createMultipartUpload(key, options);
  const uploaded: R2UploadedPart[] = [];
  const buffer = new Uint8Array(R2_PART_BYTES);
  let filled = 0;
  let size = 0;
  const uploadBuffered = async () => {
    uploaded.push(await upload.uploadPart(uploaded.length + 1, buffer.slice(0, filled)));
    filled = 0;
  };
  const zip = new StreamingZip(async (chunk) => {
    size += chunk.length;
    for (let offset = 0; offset < chunk.length; ) {
      const n = Math.min(R2_PART_BYTES - filled, chunk.length - offset);
      buffer.set(chunk.subarray(offset, offset + n), filled);
      filled += n;
      offset += n;
      if (filled === R2_PART_BYTES) await uploadBuffered();
    }
  });
  try {
    await write(zip);
    await zip.end();
    if (filled > 0 || uploaded.length === 0) await uploadBuffered();
    await upload.complete(uploaded);
    return { size, parts: uploaded.length };
  } catch (error) {
    await upload.abort().catch(() => undefined);
    throw error;
  }
}
