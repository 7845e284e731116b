import { describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { apiDocument } from "../helpers/openapi";

describe("The API describes itself", () => {
  it("serves an OpenAPI 3.1 document in which every /api route has a summary, who may call it and its answers", async () => {
    const { document } = await apiDocument();
    expect((document as unknown as { openapi: string }).openapi).toBe("3.1.0");
    const undescribed: string[] = [];
    let operations = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path.startsWith("/api/")).toBe(true);
      for (const [method, operation] of Object.entries(item)) {
        operations++;
        const op = operation as { summary?: string; description?: string; responses?: Record<string, unknown> };
        if (!op.summary || !op.description?.startsWith("**Who:**") || Object.keys(op.responses ?? {}).length === 0)
          undescribed.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undescribed).toEqual([]);
    // The API has about seventy routes; a document that lost them would still pass the loop above.
    expect(operations).toBeGreaterThan(60);
  });

  it("lists the routes mounted from every feature, the sockets included", async () => {
    const { document } = await apiDocument();
    for (const path of [
      "/api/books",
      "/api/clubs/{id}",
      "/api/loans/{id}/accept",
      "/api/dm/conversations/{id}/messages",
      "/api/dm/socket",
      "/api/users/me",
      "/api/imports",
      "/api/voice/transcribe",
      "/api/geo/reverse",
      "/api/reports",
      "/api/moderation/reports",
      "/api/notifications",
      "/api/auth/logout",
    ]) {
      expect(Object.keys(document.paths), path).toContain(path);
    }
  });

  it("renders the same document as a reference page at /api/docs", async () => {
    const response = await call("/api/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const page = await response.text();
    expect(page).toContain("<h1>BookClub API reference</h1>");
    expect(page).toContain("GET /api/books");
    expect(page).toContain('href="/api/openapi.json"');
  });
});
