import { readFileSync, writeFileSync } from "node:fs";
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
