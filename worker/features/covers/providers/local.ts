import { modelAnswerSchema } from "../analysis-schema";
import { PermanentError } from "../errors";
import { normalizeIsbn } from "@worker/core/shared/isbn";
import { msg } from "@worker/core/shared/translate";
import type { CoverAnalyzer } from "./types";

export const NO_BARCODE_MESSAGE = msg(
  "Automatic cover reading is not available on this server, and no ISBN barcode was found. Please add the title and author.",
);

/**
 * The network-free provider for local runs: it cannot read titles, so it never claims one. It
 * looks for an ISBN barcode (EAN-13 with prefix 978/979) with ZXing, compiled to WASM.
 */
export function localAnalyzer(): CoverAnalyzer {
  return {
    name: "local",
    async analyze(image, signal) {
      signal.throwIfAborted();
      // Loaded on first use: deployments that read covers with a vision model never load the reader.
      const { readEan13 } = await import("../barcode/read-ean13");
      let code: string | null;
      try {
        code = await readEan13(image.bytes, image.type);
      } catch (error) {
        // A file that passed the magic-byte check but does not decode is corrupt: retrying won't help.
        throw new PermanentError(`The cover image could not be decoded: ${error instanceof Error ? error.message : error}`);
      }
      return {
        source: "local-barcode",
        answer: modelAnswerSchema.parse({ title_candidates: [], author_candidates: [], isbn: normalizeIsbn(code)?.isbn13 ?? null }),
        notice: NO_BARCODE_MESSAGE,
      };
    },
  };
}
