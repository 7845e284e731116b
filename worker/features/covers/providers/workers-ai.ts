import { COVER_ANALYSIS_JSON_SCHEMA } from "../analysis-schema";
import { isAbortError, PermanentError, raceAbort, TransientError } from "../errors";
import { parseModelAnswer } from "../model-output";
import type { CoverAnalyzer } from "./types";
import { MAX_ANSWER_TOKENS, TEMPERATURE, visionMessages } from "./vision-request";

/** The model is a setting, so the call goes through the binding's untyped-model signature. */
type AiRun = (model: string, inputs: Record<string, unknown>, options?: AiOptions) => Promise<unknown>;

/**
 * Workers AI reports failures as thrown errors whose text carries an internal code. Bad input, an
 * unknown model, an unaccepted model licence or a blocked account fail the same way again; the rest
 * (3007 timeout, 3036 daily limit, 3040 capacity, upstream and network errors) may pass later.
 */
const PERMANENT_AI_ERROR = /\b(3003|3006|3023|3041|3042|5004|5006|5007|5016|5018|5019)\b|invalid input|no such model/i;

export function workersAiAnalyzer(ai: Ai, model: string): CoverAnalyzer {
  // Looked up per call, not bound once, so a replaced binding method (tests, wrappers) is honoured.
  const run: AiRun = (name, inputs, options) => (ai.run as unknown as AiRun).call(ai, name, inputs, options);
  return {
    name: "workers-ai",
    async analyze(image, signal) {
      let output: unknown;
      try {
        output = await raceAbort(
          run(
            model,
            {
              messages: visionMessages(image),
              response_format: { type: "json_schema", json_schema: COVER_ANALYSIS_JSON_SCHEMA },
              max_tokens: MAX_ANSWER_TOKENS,
              temperature: TEMPERATURE,
            },
            { signal },
          ),
          signal,
        );
      } catch (error) {
        if (isAbortError(error)) throw new TransientError("Workers AI timed out", { cause: error });
        const message = error instanceof Error ? error.message : String(error);
        if (PERMANENT_AI_ERROR.test(message)) throw new PermanentError(`Workers AI refused the request: ${message}`);
        throw new TransientError(`Workers AI failed: ${message}`, { cause: error });
      }
      // JSON mode usually gives `response` as an object; some models still return a string.
      const response = output && typeof output === "object" && "response" in output ? output.response : output;
      return { source: "workers-ai", model, answer: parseModelAnswer(response) };
    },
  };
}
