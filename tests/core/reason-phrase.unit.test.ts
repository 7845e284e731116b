import { reasonPhrase } from "@worker/core/http/reason-phrase";
import { describe, expect, it } from "vitest";

describe("the status text of a refused page", () => {
  it("is the standard reason phrase for each status a page refuses with", () => {
    expect(Object.fromEntries([400, 401, 403, 404, 409, 413, 429, 500].map((status) => [status, reasonPhrase(status)]))).toEqual({
      400: "Bad Request",
      401: "Unauthorized",
      403: "Forbidden",
      404: "Not Found",
      409: "Conflict",
      413: "Content Too Large",
      429: "Too Many Requests",
      500: "Internal Server Error",
    });
  });
});
