import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { apiTable, withTable } from "../../scripts/lib/api-table.mjs";
import { expect, expectAccessible, test } from "../helpers/e2e/fixtures";

// Node-side checks of the API's own description (the Workers runtime cannot run the validator:
// it compiles schemas with `new Function`). Responses are checked against it by every vitest API test.
test.describe("the API reference", () => {
  test("/api/openapi.json is a valid OpenAPI 3.1 document", async ({ request }) => {
    const response = await request.get("/api/openapi.json");
    expect(response.status()).toBe(200);
    const document = await response.json();
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  // Issue 34, item 10: Redocly's recommended rules (redocly.yaml says which are changed and why). Warnings
  // count too: a document that only warns still misleads the clients generated from it.
  test("/api/openapi.json passes redocly lint with the recommended rules", async ({ request }) => {
    const response = await request.get("/api/openapi.json");
    const folder = mkdtempSync(path.join(tmpdir(), "openapi-"));
    try {
      const file = path.join(folder, "openapi.json");
      writeFileSync(file, JSON.stringify(await response.json()));
      let output: string;
      try {
        output = execFileSync("node_modules/.bin/redocly", ["lint", file, "--config", "redocly.yaml", "--format", "json"], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "ignore"],
        });
      } catch (error) {
        // Errors make it exit 1; its report is on stdout all the same.
        output = String((error as { stdout?: string }).stdout ?? "");
      }
      const report = JSON.parse(output) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      expect(report.problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test("README's API table is the one the document makes", async ({ request }) => {
    const document = await (await request.get("/api/openapi.json")).json();
    const readme = readFileSync("README.md", "utf8");
    const expected = withTable(readme, apiTable(document));
    if (process.env.UPDATE_API_TABLE === "1" && expected !== readme) writeFileSync("README.md", expected);
    else expect(readme, "README.md's API table is out of date: run UPDATE_API_TABLE=1 npx playwright test tests/core/openapi.e2e.test.ts").toBe(expected);
  });

  test("a developer reads the reference page at /api/docs", async ({ page }) => {
    await page.goto("/api/docs");
    await expect(page.getByRole("heading", { level: 1, name: "BookClub API reference" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "POST /api/loans/{id}/accept" })).toBeVisible();
    await expect(page.getByRole("link", { name: "/api/openapi.json" })).toBeVisible();
    await expectAccessible(page);
  });
});
