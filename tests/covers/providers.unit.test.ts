import { env } from "cloudflare:workers";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import type { AppConfig } from "@worker/core/config";
import { AGE_GROUPS_FROM_COVER } from "@worker/core/shared/cover-analysis";
import { COVER_ANALYSIS_JSON_SCHEMA } from "@worker/features/covers/analysis-schema";
import { PermanentError, TransientError } from "@worker/features/covers/errors";
import { parseModelAnswer } from "@worker/features/covers/model-output";
import { createCoverAnalyzer } from "@worker/features/covers/providers";
import { chatCompletionsUrl, openAiCompatibleAnalyzer } from "@worker/features/covers/providers/openai-compatible";
import { visionMessages } from "@worker/features/covers/providers/vision-request";
import { workersAiAnalyzer } from "@worker/features/covers/providers/workers-ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chatCompletionHobbit, workersAiFencedAnswer, workersAiMalformed, workersAiPrideAndPrejudice } from "./fixtures/recorded";
import { fixtures, jsonResponse, mockFetch } from "./helpers";

const MODEL = "@cf/meta/llama-4-scout-17b-16e-instruct";
const jpeg = { bytes: fixtures.frontCoverJpeg, type: "image/jpeg" as const };
const signal = () => AbortSignal.timeout(5_000);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("workers-ai analyzer", () => {
  it("sends the cover as a data URL with the shared JSON schema and parses the recorded answer", async () => {
    const run = vi.spyOn(env.AI, "run").mockResolvedValue(workersAiPrideAndPrejudice as never);

    const result = await workersAiAnalyzer(env.AI, MODEL).analyze(jpeg, signal());

    expect(result).toMatchObject({ source: "workers-ai", model: MODEL });
    expect(result.answer.title_candidates[0]).toEqual({ value: "Pride and Prejudice", confidence: 0.96 });
    expect(result.answer.isbn).toBe("978-0-14-143947-1");
    const [model, inputs, options] = run.mock.calls[0] as unknown as [string, Record<string, unknown>, AiOptions];
    expect(model).toBe(MODEL);
    expect(inputs.response_format).toEqual({ type: "json_schema", json_schema: COVER_ANALYSIS_JSON_SCHEMA });
    const messages = inputs.messages as { role: string; content: unknown }[];
    expect(messages[0]!.role).toBe("system");
    expect(messages[1]!.content).toEqual([
      { type: "text", text: expect.any(String) },
      { type: "image_url", image_url: { url: `data:image/jpeg;base64,${encodeBase64(fixtures.frontCoverJpeg)}` } },
    ]);
    expect(options.signal).toBeInstanceOf(AbortSignal);
  });

  it("accepts an answer given as text in a code fence", async () => {
    vi.spyOn(env.AI, "run").mockResolvedValue(workersAiFencedAnswer as never);
    const result = await workersAiAnalyzer(env.AI, MODEL).analyze(jpeg, signal());
    expect(result.answer).toMatchObject({ age_group: "middle_grade", content_warnings: ["violence"] });
  });

  it("rejects malformed and empty answers as permanent", async () => {
    const analyzer = workersAiAnalyzer(env.AI, MODEL);
    vi.spyOn(env.AI, "run")
      .mockResolvedValueOnce(workersAiMalformed as never)
      .mockResolvedValueOnce({ response: "" } as never);
    await expect(analyzer.analyze(jpeg, signal())).rejects.toBeInstanceOf(PermanentError);
    await expect(analyzer.analyze(jpeg, signal())).rejects.toBeInstanceOf(PermanentError);
  });

  it("treats capacity and timeout errors as transient, bad requests as permanent", async () => {
    const analyzer = workersAiAnalyzer(env.AI, MODEL);
    const run = vi.spyOn(env.AI, "run");
    run.mockRejectedValueOnce(new Error("3040: Capacity temporarily exceeded, please try again."));
    await expect(analyzer.analyze(jpeg, signal())).rejects.toBeInstanceOf(TransientError);
    run.mockRejectedValueOnce(new Error("AiError: 3007: Request timeout"));
    await expect(analyzer.analyze(jpeg, signal())).rejects.toBeInstanceOf(TransientError);
    run.mockRejectedValueOnce(new Error("5007: No such model @cf/meta/llama-9 or task"));
    await expect(analyzer.analyze(jpeg, signal())).rejects.toBeInstanceOf(PermanentError);
    run.mockRejectedValueOnce(new Error("AiError: 5016: User has not agreed to Llama3.2 model terms"));
    await expect(analyzer.analyze(jpeg, signal())).rejects.toBeInstanceOf(PermanentError);
  });

  it("gives up when the binding does not answer before the deadline", async () => {
    vi.spyOn(env.AI, "run").mockReturnValue(new Promise(() => {}));
    await expect(workersAiAnalyzer(env.AI, MODEL).analyze(jpeg, AbortSignal.timeout(20))).rejects.toBeInstanceOf(TransientError);
  });
});

describe("openai-compatible analyzer", () => {
  const settings = { url: "http://vision.internal:8000/v1", apiKey: "sk-local-test", model: "Qwen/Qwen2.5-VL-7B-Instruct" };

  it("posts an OpenAI chat completion with the image and the shared schema, and parses the recorded answer", async () => {
    const fetch = mockFetch({ "vision.internal:8000": () => jsonResponse(chatCompletionHobbit) });

    const result = await openAiCompatibleAnalyzer(settings).analyze(jpeg, signal());

    expect(result).toMatchObject({ source: "openai-compatible", model: settings.model });
    expect(result.answer.title_candidates).toEqual([{ value: "The Hobbit", confidence: 0.93 }]);
    expect(result.answer.isbn).toBe("9780261102217");
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe("http://vision.internal:8000/v1/chat/completions");
    expect(new Headers(init!.headers).get("Authorization")).toBe("Bearer sk-local-test");
    const body = JSON.parse(String(init!.body));
    expect(body.model).toBe(settings.model);
    expect(body.response_format).toEqual({
      type: "json_schema",
      json_schema: { name: "cover_analysis", strict: true, schema: COVER_ANALYSIS_JSON_SCHEMA },
    });
    expect(body.messages[1].content[1].image_url.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });

  it("sends no Authorization header without a key, and accepts the full endpoint URL", async () => {
    const fetch = mockFetch({ "localhost:11434": () => jsonResponse(chatCompletionHobbit) });
    await openAiCompatibleAnalyzer({ url: "http://localhost:11434/v1/chat/completions/", model: "llava" }).analyze(jpeg, signal());
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe("http://localhost:11434/v1/chat/completions");
    expect(new Headers(init!.headers).has("Authorization")).toBe(false);
  });

  it("classifies failures: 429, 503 and network errors are transient; 401 and empty answers permanent", async () => {
    const analyzer = openAiCompatibleAnalyzer(settings);
    const answers = [
      () => jsonResponse({ error: { message: "Rate limit reached" } }, 429),
      () => jsonResponse({ error: { message: "Model is loading" } }, 503),
      () => {
        throw new TypeError("Network connection lost.");
      },
      () => jsonResponse({ error: { message: "Invalid API key" } }, 401),
      () => jsonResponse({ ...chatCompletionHobbit, choices: [{ index: 0, message: { role: "assistant", content: null } }] }),
      () => new Response("<html>Bad gateway</html>", { status: 200, headers: { "Content-Type": "text/html" } }),
    ];
    let call = 0;
    mockFetch({ "vision.internal:8000": () => answers[call++]!() });
    await expect(analyzer.analyze(jpeg, signal())).rejects.toBeInstanceOf(TransientError);
    await expect(analyzer.analyze(jpeg, signal())).rejects.toBeInstanceOf(TransientError);
    await expect(analyzer.analyze(jpeg, signal())).rejects.toBeInstanceOf(TransientError);
    await expect(analyzer.analyze(jpeg, signal())).rejects.toBeInstanceOf(PermanentError);
    await expect(analyzer.analyze(jpeg, signal())).rejects.toBeInstanceOf(PermanentError);
    await expect(analyzer.analyze(jpeg, signal())).rejects.toBeInstanceOf(PermanentError);
  });

  it("builds the chat-completions URL from a base URL", () => {
    expect(chatCompletionsUrl("https://gpu.example.org/v1/")).toBe("https://gpu.example.org/v1/chat/completions");
    expect(chatCompletionsUrl("https://gpu.example.org/v1/chat/completions")).toBe("https://gpu.example.org/v1/chat/completions");
  });
});

describe("provider choice", () => {
  const config = (overrides: Partial<AppConfig>): AppConfig => ({
    DEV_SIGN_IN: false,
    COVER_ANALYZER: "local",
    WORKERS_AI_MODEL: MODEL,
    ...overrides,
  });

  it("follows COVER_ANALYZER", () => {
    expect(createCoverAnalyzer(config({ COVER_ANALYZER: "local" }), env).name).toBe("local");
    expect(createCoverAnalyzer(config({ COVER_ANALYZER: "workers-ai" }), env).name).toBe("workers-ai");
    const openAi = config({ COVER_ANALYZER: "openai-compatible", OPENAI_COMPATIBLE_URL: "http://gpu:8000/v1", OPENAI_COMPATIBLE_MODEL: "llava" });
    expect(createCoverAnalyzer(openAi, env).name).toBe("openai-compatible");
  });

  it("refuses an openai-compatible setup without URL or model", () => {
    expect(() => createCoverAnalyzer(config({ COVER_ANALYZER: "openai-compatible" }), env)).toThrow(/OPENAI_COMPATIBLE_URL/);
  });
});

describe("the JSON Schema given to the models", () => {
  type Node = { type?: unknown; properties?: Record<string, Node>; required?: string[]; additionalProperties?: unknown; items?: Node };
  function objectsIn(node: Node): Node[] {
    const children = [...Object.values(node.properties ?? {}), ...(node.items ? [node.items] : [])];
    return [...(node.type === "object" ? [node] : []), ...children.flatMap(objectsIn)];
  }

  it("is generated from the zod schema in the form strict JSON-schema modes accept", () => {
    expect(COVER_ANALYSIS_JSON_SCHEMA).not.toHaveProperty("$schema");
    const objects = objectsIn(COVER_ANALYSIS_JSON_SCHEMA as Node);
    expect(objects).toHaveLength(3); // the answer and the two candidate lists' items
    for (const object of objects) {
      expect(object.additionalProperties).toBe(false);
      expect(object.required).toEqual(Object.keys(object.properties!));
    }
    expect(COVER_ANALYSIS_JSON_SCHEMA.properties?.age_group).toEqual({
      type: ["string", "null"],
      enum: [...AGE_GROUPS_FROM_COVER, null],
    });
    expect(COVER_ANALYSIS_JSON_SCHEMA.properties?.isbn).toMatchObject({ type: ["string", "null"] });
  });
});

describe("model output parsing", () => {
  it("repairs trailing commas, reads percentages and double-encoded JSON", () => {
    const answer = parseModelAnswer('{"title_candidates": [{"value": "Emma", "confidence": 87},], "isbn": null,}');
    expect(answer.title_candidates).toEqual([{ value: "Emma", confidence: 0.87 }]);
    expect(parseModelAnswer(JSON.stringify(JSON.stringify({ themes: ["love"] }))).themes).toEqual(["love"]);
  });

  it("cleans fields one by one instead of failing the answer", () => {
    const answer = parseModelAnswer({
      title_candidates: [{ value: "", confidence: 0.9 }, { value: "Persuasion", confidence: "0.7" }, 42],
      author_candidates: "Jane Austen",
      age_group: "toddlers",
      categories: ["romance", 7, " classics "],
    });
    expect(answer).toMatchObject({
      title_candidates: [{ value: "Persuasion", confidence: 0.7 }],
      author_candidates: [],
      age_group: null,
      categories: ["romance", "classics"],
      isbn: null,
    });
  });

  it("refuses anything that is not a JSON object", () => {
    for (const output of ["I cannot read this cover.", "[1, 2]", null, 12, '"just a string"']) {
      expect(() => parseModelAnswer(output)).toThrow(PermanentError);
    }
  });
});

describe("the cover in the request", () => {
  it("is a data URL that decodes to the same bytes, also for a multi-megabyte image", () => {
    const large = new Uint8Array(6 * 1024 * 1024).map((_, i) => (i * 7919 + 13) % 251);
    const [, user] = visionMessages({ bytes: large, type: "image/png" });
    const [, image] = user!.content as [unknown, { image_url: { url: string } }];
    const [prefix, base64] = image.image_url.url.split(",") as [string, string];
    expect(prefix).toBe("data:image/png;base64");
    const decoded = decodeBase64(base64);
    expect(decoded.length).toBe(large.length);
    expect(decoded.every((byte, i) => byte === large[i])).toBe(true);
  });
});
