import { CLUB_DESCRIPTION_MAX, CLUB_LOCATION_MAX, CLUB_NAME_MAX } from "@worker/core/shared/club-limits";
import { describe, expect, it } from "vitest";
import { apiDocument } from "../helpers/openapi";

// Issue 34, item 10: the document described less than the server takes and enforces. These read it
// the way a generated client does: what each operation takes, and the limits it says the server keeps.
type Schema = { $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; [key: string]: unknown };
type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};

async function operation(path: string, method: string): Promise<Operation> {
  const { document } = await apiDocument();
  const found = document.paths[path]?.[method] as Operation | undefined;
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return found;
}

/** A schema with its `$ref` (to components.schemas) followed. */
async function resolve(schema: Schema | undefined): Promise<Schema> {
  const { document } = await apiDocument();
  if (!schema?.$ref) return schema ?? {};
  const name = schema.$ref.replace("#/components/schemas/", "");
  return ((document.components as { schemas?: Record<string, Schema> } | undefined)?.schemas?.[name] ?? {}) as Schema;
}

async function bodyProperty(path: string, method: string, property: string): Promise<Schema> {
  const body = await resolve((await operation(path, method)).requestBody?.content?.["application/json"]?.schema);
  return resolve(body.properties?.[property]);
}

describe("The API document says what the server takes", () => {
  it("names its server, and every operation has an id and a success answer (101 for the sockets)", async () => {
    const { document } = await apiDocument();
    expect((document as unknown as { servers?: { url: string }[] }).servers?.length).toBeGreaterThan(0);
    const ids = new Set<string>();
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, raw] of Object.entries(item)) {
        const op = raw as Operation;
        if (!op.operationId || ids.has(op.operationId)) missing.push(`${method} ${path}: operationId`);
        ids.add(op.operationId ?? "");
        const codes = Object.keys(op.responses ?? {});
        if (!codes.some((code) => /^2\d\d$/.test(code) || (path.endsWith("/socket") && code === "101"))) missing.push(`${method} ${path}: success`);
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys((await operation("/api/dm/socket", "get")).responses ?? {})).toContain("101");
  });

  it("describes the bodies the file and audio routes read", async () => {
    expect(Object.keys((await operation("/api/imports/preview", "post")).requestBody?.content ?? {})).toContain("text/csv");
    expect(Object.keys((await operation("/api/imports", "post")).requestBody?.content ?? {})).toContain("text/csv");
    const voice = await operation("/api/voice/transcribe", "post");
    expect(voice.requestBody?.required).toBe(true);
    expect(Object.keys((await resolve(voice.requestBody?.content?.["application/json"]?.schema)).properties ?? {})).toEqual(["audioData", "languageCode"]);
  });

  it("lists the upload route with the key's slashes as segments, its signature and its body", async () => {
    const { document } = await apiDocument();
    expect(Object.keys(document.paths)).not.toContain("/api/uploads/{key}");
    const upload = await operation("/api/uploads/{folder}/{owner}/{file}", "put");
    expect(
      upload.parameters
        ?.filter((p) => p.in === "query")
        .map((p) => p.name)
        .sort(),
    ).toEqual(["expires", "sig"]);
    expect(Object.keys(upload.requestBody?.content ?? {})).toEqual(expect.arrayContaining(["image/jpeg", "image/png", "image/gif"]));
  });

  it("declares the JSON download beside the CSV one", async () => {
    const content = (await operation("/api/my-books/export", "get")).responses?.["200"]?.content ?? {};
    expect(Object.keys(content).sort()).toEqual(["application/json", "text/csv"]);
    const file = await resolve(content["application/json"]?.schema);
    expect(Object.keys(file.properties ?? {})).toEqual(["books"]);
  });

  it("says the limits, formats and types the server keeps", async () => {
    expect(await bodyProperty("/api/clubs", "post", "name")).toMatchObject({ type: "string", maxLength: CLUB_NAME_MAX });
    expect(await bodyProperty("/api/clubs", "post", "description")).toMatchObject({ type: "string", maxLength: CLUB_DESCRIPTION_MAX });
    expect(await bodyProperty("/api/clubs/{id}", "patch", "location")).toMatchObject({ type: "string", maxLength: CLUB_LOCATION_MAX });
    expect(await bodyProperty("/api/clubs", "post", "isPrivate")).toMatchObject({ type: "boolean" });
    expect(JSON.stringify(await bodyProperty("/api/clubs", "post", "latitude"))).toMatch(/"minimum":-90,"maximum":90/);
    // A zone or its city ("Lisbon"), so no name pattern: the server resolves it.
    expect(await bodyProperty("/api/clubs", "post", "timezone")).toMatchObject({ type: "string", maxLength: 64 });
    expect(await bodyProperty("/api/loans/{id}/accept", "post", "dueDate")).toMatchObject({ type: "string", format: "date" });
    expect(await bodyProperty("/api/loans", "post", "bookId")).toMatchObject({ type: "string", maxLength: 64, pattern: "\\S" });
    expect(await bodyProperty("/api/books/{id}/comments", "post", "body")).toMatchObject({ type: "string", maxLength: expect.any(Number) });
    expect(await bodyProperty("/api/dm/conversations/{id}/messages", "post", "content")).toMatchObject({ type: "string", maxLength: expect.any(Number) });
    expect(await bodyProperty("/api/clubs/{id}/meetings", "post", "note")).toMatchObject({ type: "string", maxLength: 2000 });
    const lat = (await operation("/api/geo/reverse", "get")).parameters?.find((p) => p.name === "lat");
    expect(lat?.schema).toMatchObject({ minimum: -90, maximum: 90 });
    const id = (await operation("/api/loans/{id}", "get")).parameters?.find((p) => p.name === "id");
    expect(id?.schema).toMatchObject({ pattern: "\\S" });
  });
});
