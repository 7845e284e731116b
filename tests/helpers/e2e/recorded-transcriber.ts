import { jsonReply, type RecordedRequest, recordedPort, startRecordedServer } from "./recorded-server";

/**
 * The e2e Worker's speech-to-text service: an OpenAI-compatible `/v1/audio/transcriptions` (port
 * E2E_PORT + 21000, or E2E_TRANSCRIBER_PORT). It checks that it was sent what a real Whisper server
 * needs (a multipart upload with a non-empty WebM/opus file, the model and the language) and answers
 * with a recorded transcript; anything else gets a 400, so a broken upload fails the journey.
 */
export const transcriberPort = (env: NodeJS.ProcessEnv = process.env) => recordedPort(21_000, "E2E_TRANSCRIBER_PORT", env);

export const transcriberUrl = (env: NodeJS.ProcessEnv = process.env) => `http://127.0.0.1:${transcriberPort(env)}/v1`;

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

/** What a multipart upload carried; undefined when it is not one. */
async function readUpload({ url, headers, body }: RecordedRequest): Promise<TranscriptionRequest | undefined> {
  const contentType = headers["content-type"] ?? "";
  let form: FormData;
  try {
    // The platform's own multipart parser, as a server framework would use.
    form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return undefined;
  }
  const file = form.get("file");
  const bytes = file instanceof File ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0);
  return {
    path: url.pathname,
    contentType,
    fileName: file instanceof File ? file.name : "",
    fileType: file instanceof File ? file.type : "",
    fileBytes: bytes.length,
    webmOpus: bytes.subarray(0, 4).equals(EBML_HEADER) && bytes.includes("A_OPUS"),
    model: String(form.get("model") ?? ""),
    language: String(form.get("language") ?? ""),
  };
}

/** Answers `{ text }` to every well-formed upload and keeps what was sent, until `close()`. */
export function startRecordedTranscriber(text: string, port = transcriberPort()) {
  return startRecordedServer<TranscriptionRequest>({
    port,
    record: readUpload,
    routes: {
      "POST /v1/audio/transcriptions": ({ headers }, upload) => {
        if (!upload) return jsonReply({ error: { message: `Expected a multipart upload, got ${headers["content-type"] || "no content type"}` } }, 400);
        if (!upload.webmOpus || upload.fileBytes === 0) return jsonReply({ error: { message: "The file is not a WebM/opus recording" } }, 400);
        if (!upload.model) return jsonReply({ error: { message: "you must provide a model parameter" } }, 400);
        return jsonReply({ text });
      },
    },
    notFound: jsonReply({ error: { message: "Not found" } }, 404),
  });
}
