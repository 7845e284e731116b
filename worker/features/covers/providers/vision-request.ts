import { encodeBase64 } from "@oslojs/encoding";
import { COVER_ANALYSIS_SYSTEM_PROMPT, COVER_ANALYSIS_USER_PROMPT } from "../analysis-schema";
import type { CoverImage } from "./types";

/** Enough for the JSON answer with a few candidates and tags; bounds cost and latency. */
export const MAX_ANSWER_TOKENS = 1024;
/** Reading printed text, not writing prose: keep sampling nearly deterministic. */
export const TEMPERATURE = 0.1;

/** The chat messages both remote providers send: the instructions, then the cover as a data URL. */
export function visionMessages(image: CoverImage) {
  return [
    { role: "system", content: COVER_ANALYSIS_SYSTEM_PROMPT },
    {
      role: "user",
      content: [
        { type: "text", text: COVER_ANALYSIS_USER_PROMPT },
        // encodeBase64 walks the bytes in a loop: no argument spreading, so multi-megabyte covers are safe.
        { type: "image_url", image_url: { url: `data:${image.type};base64,${encodeBase64(image.bytes)}` } },
      ],
    },
  ];
}
