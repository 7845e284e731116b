import { normalizeIsbn } from "@worker/core/shared/isbn";
import { msg } from "@worker/core/shared/translate";
import { modelAnswerSchema } from "../analysis-schema";
import type { Ean13Reading } from "../barcode/entry";
import { PermanentError, raceAbort, TransientError } from "../errors";
import type { CoverAnalyzer } from "./types";

export const NO_BARCODE_MESSAGE = msg(
  "Automatic cover reading is not available on this server, and no ISBN barcode was found. Please add the title and author.",
);

/**
 * The network-free provider for local runs: it cannot read titles, so it never claims one. It
 * looks for an ISBN barcode (EAN-13 with prefix 978/979) with ZXing, compiled to WASM, which runs
 * in the barcode Worker (worker/features/covers/barcode/), reached through the BARCODE binding.
 */
export function localAnalyzer(barcode: Env["BARCODE"]): CoverAnalyzer {
  return {
    name: "local",
    async analyze(image, signal) {
      signal.throwIfAborted();
      let reading: Ean13Reading;
      try {
        reading = await raceAbort<Ean13Reading>(barcode.readEan13(image.bytes, image.type), signal);
      } catch (error) {
        // The binding itself failed (the Worker missing, out of memory, cut off): another delivery may pass.
        throw new TransientError(`The barcode reader failed: ${error instanceof Error ? error.message : error}`, { cause: error });
      }
      // A file that passed the magic-byte check but does not decode is corrupt: retrying won't help.
      if ("undecodable" in reading) throw new PermanentError(`The cover image could not be decoded: ${reading.undecodable}`);
      return {
        source: "local-barcode",
        answer: modelAnswerSchema.parse({ title_candidates: [], author_candidates: [], isbn: normalizeIsbn(reading.ean13)?.isbn13 ?? null }),
        notice: NO_BARCODE_MESSAGE,
      };
    },
  };
}
