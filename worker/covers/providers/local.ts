import { modelAnswerSchema } from "../analysis-schema";
import { findEan13 } from "../barcode/scan";
import { toLuminance } from "../barcode/luminance";
import { PermanentError } from "../errors";
import { normalizeIsbn } from "../isbn";
import type { CoverAnalyzer } from "./types";

export const NO_BARCODE_MESSAGE =
  "Automatic cover reading is not available on this server, and no ISBN barcode was found. Please add the title and author.";

/**
 * The network-free provider for local runs: it cannot read titles, so it never claims one. It
 * decodes the image in plain JavaScript and looks for an ISBN barcode (EAN-13 with prefix 978/979).
 */
export function localAnalyzer(): CoverAnalyzer {
  return {
    name: "local",
    async analyze(image, signal) {
      signal.throwIfAborted();
      let isbn: string | null = null;
      try {
        const luminance = await toLuminance(image.bytes, image.type);
        const code = luminance ? findEan13(luminance) : null;
        isbn = normalizeIsbn(code)?.isbn13 ?? null;
      } catch (error) {
        // A file that passed the magic-byte check but does not decode is corrupt: retrying won't help.
        throw new PermanentError(`The cover image could not be decoded: ${error instanceof Error ? error.message : error}`);
      }
      return {
        source: "local-barcode",
        answer: modelAnswerSchema.parse({ title_candidates: [], author_candidates: [], isbn }),
        notice: NO_BARCODE_MESSAGE,
      };
    },
  };
}
