import type { AppConfig } from "@worker/core/config";
import { localAnalyzer } from "./local";
import { openAiCompatibleAnalyzer } from "./openai-compatible";
import type { CoverAnalyzer } from "./types";
import { workersAiAnalyzer } from "./workers-ai";

export { ANALYSIS_TIMEOUT_MS, type AnalyzerResult, type CoverAnalyzer, type CoverImage } from "./types";

/** The provider named by COVER_ANALYZER; a misconfigured one fails loudly at first use, not silently. */
export function createCoverAnalyzer(config: AppConfig, env: Pick<Env, "AI" | "BARCODE">): CoverAnalyzer {
  switch (config.COVER_ANALYZER) {
    case "workers-ai":
      return workersAiAnalyzer(env.AI, config.WORKERS_AI_MODEL);
    case "openai-compatible": {
      if (!config.OPENAI_COMPATIBLE_URL || !config.OPENAI_COMPATIBLE_MODEL) {
        throw new Error("COVER_ANALYZER=openai-compatible needs OPENAI_COMPATIBLE_URL and OPENAI_COMPATIBLE_MODEL");
      }
      return openAiCompatibleAnalyzer({
        url: config.OPENAI_COMPATIBLE_URL,
        apiKey: config.OPENAI_COMPATIBLE_API_KEY,
        model: config.OPENAI_COMPATIBLE_MODEL,
      });
    }
    case "local":
      return localAnalyzer(env.BARCODE);
  }
}
