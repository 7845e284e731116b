import { z } from "zod";
import { COVER_ANALYSIS_JSON_SCHEMA } from "../analysis-schema";
import { asClassified, isRetryableStatus, PermanentError, TransientError } from "../errors";
import { parseModelAnswer } from "../model-output";
import type { CoverAnalyzer } from "./types";
import { MAX_ANSWER_TOKENS, TEMPERATURE, visionMessages } from "./vision-request";

export interface OpenAiCompatibleSettings {
  url: string;
  apiKey?: string;
  model: string;
}

/** Accepts a base URL (".../v1") or the full chat-completions URL, as self-hosting guides vary. */
export function chatCompletionsUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, "");
  return /\/chat\/completions$/.test(trimmed) ? trimmed : `${trimmed}/chat/completions`;
}

const textPart = z.object({ type: z.string().optional(), text: z.string() });
const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z
            .union([z.string(), z.array(textPart)])
            .nullable()
            .optional(),
          refusal: z.string().nullable().optional(),
        }),
      }),
    )
    .min(1),
});

/** Any OpenAI-style vision endpoint (vLLM, llama.cpp server, Ollama, LM Studio, hosted gateways). */
export function openAiCompatibleAnalyzer(settings: OpenAiCompatibleSettings): CoverAnalyzer {
  const endpoint = chatCompletionsUrl(settings.url);
  return {
    name: "openai-compatible",
    async analyze(image, signal) {
      const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
      if (settings.apiKey) headers.Authorization = `Bearer ${settings.apiKey}`;
      const body = JSON.stringify({
        model: settings.model,
        messages: visionMessages(image),
        response_format: {
          type: "json_schema",
          json_schema: { name: "cover_analysis", strict: true, schema: COVER_ANALYSIS_JSON_SCHEMA },
        },
        max_tokens: MAX_ANSWER_TOKENS,
        temperature: TEMPERATURE,
      });

      let response: Response;
      let payload: unknown;
      try {
        response = await fetch(endpoint, { method: "POST", headers, body, signal });
        if (!response.ok) {
          const detail = (await response.text()).slice(0, 300);
          const message = `The vision endpoint answered ${response.status}: ${detail}`;
          throw isRetryableStatus(response.status) ? new TransientError(message) : new PermanentError(message);
        }
        payload = await response.json();
      } catch (error) {
        if (error instanceof SyntaxError) throw new PermanentError("The vision endpoint did not answer with JSON");
        throw asClassified(error, "The vision endpoint");
      }

      const completion = completionSchema.safeParse(payload);
      if (!completion.success) throw new PermanentError("The vision endpoint's answer has no choices");
      const message = completion.data.choices[0]!.message;
      const content = Array.isArray(message.content) ? message.content.map((part) => part.text).join("") : message.content;
      if (!content) throw new PermanentError(`The vision model gave no content${message.refusal ? `: ${message.refusal}` : ""}`);
      return { source: "openai-compatible", model: settings.model, answer: parseModelAnswer(content) };
    },
  };
}
