import { createServer } from "node:http";

/**
 * The e2e Worker's speech-to-text service: a tiny OpenAI-compatible `/v1/audio/transcriptions`
 * server on 127.0.0.1 that a spec starts itself. It checks that it was sent what a real Whisper
 * server needs (a multipart upload with a non-empty WebM/opus file, the model and the language) and
 * answers with a recorded transcript; anything else gets a 400, so a broken upload fails the journey.
 * Its port follows the app's (E2E_PORT + 21000, or E2E_TRANSCRIBER_PORT), like the recorded
 * geocoder's; scripts/e2e-state.mjs gives the Worker the matching VOICE_OPENAI_URL.
 */
export function transcriberPort(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.E2E_TRANSCRIBER_PORT ?? Number(env.E2E_PORT ?? 4173) + 21_000);
}

export function transcriberUrl(env: NodeJS.ProcessEnv = process.env): string {
  return `http://127.0.0.1:${transcriberPort(env)}/v1`;
}

export interface TranscriptionRequest {
  path: string;
  contentType: string;
  fileName: string;
  fileType: string;
  fileBytes: number;
  /** The file starts with WebM's EBML header and names the opus codec in its track entry. */
  webmOpus: boolean;
  model: string;
  language: string;
}

const EBML_HEADER = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** Answers `{ text }` to every well-formed upload and keeps what was sent, until `close()`. */
export async function startRecordedTranscriber(text: string, port = transcriberPort()) {
  const requests: TranscriptionRequest[] = [];
  const server = createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const contentType = request.headers["content-type"] ?? "";
    let form: FormData;
    try {
      // The platform's own multipart parser, as a server framework would use.
      form = await new Response(Buffer.concat(chunks), { headers: { "Content-Type": contentType } }).formData();
    } catch {
      return reply(400, { error: { message: `Expected a multipart upload, got ${contentType || "no content type"}` } });
    }
    const file = form.get("file");
    const bytes = file instanceof File ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0);
    const received: TranscriptionRequest = {
      path: new URL(request.url ?? "/", "http://127.0.0.1").pathname,
      contentType,
      fileName: file instanceof File ? file.name : "",
      fileType: file instanceof File ? file.type : "",
      fileBytes: bytes.length,
      webmOpus: bytes.subarray(0, 4).equals(EBML_HEADER) && bytes.includes("A_OPUS"),
      model: String(form.get("model") ?? ""),
      language: String(form.get("language") ?? ""),
    };
    requests.push(received);
    if (request.method !== "POST" || received.path !== "/v1/audio/transcriptions") return reply(404, { error: { message: "Not found" } });
    if (!received.webmOpus || received.fileBytes === 0) return reply(400, { error: { message: "The file is not a WebM/opus recording" } });
    if (!received.model) return reply(400, { error: { message: "you must provide a model parameter" } });
    reply(200, { text });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
