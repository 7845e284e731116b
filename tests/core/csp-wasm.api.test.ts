import { contentSecurityPolicy } from "@worker/core/http/security-headers";
import { describe, expect, it } from "vitest";
import { call } from "../helpers/http";

function directive(csp: string, name: string): string[] {
  const found = csp
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name);
  return found?.slice(1) ?? [];
}

describe("CSP for the ISBN scanner's WebAssembly", () => {
  it("lets pages compile WASM ('wasm-unsafe-eval') and nothing wider, in production and dev", () => {
    for (const dev of [false, true]) {
      const scripts = directive(contentSecurityPolicy("abc", { dev }), "script-src");
      expect(scripts).toContain("'wasm-unsafe-eval'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts.filter((source) => /^https?:|^\*$|^data:|^blob:/.test(source))).toEqual([]);
    }
    expect(directive(contentSecurityPolicy("abc", { dev: false }), "script-src")).not.toContain("'unsafe-inline'");
  });

  it("is the header the built app sends, with fetches still limited to our origin and blob:", async () => {
    const csp = (await call("/about")).headers.get("Content-Security-Policy")!;
    expect(directive(csp, "script-src")).toEqual(["'self'", expect.stringMatching(/^'nonce-/), "'strict-dynamic'", "'wasm-unsafe-eval'"]);
    expect(directive(csp, "connect-src")).toEqual(["'self'", "blob:"]);
  });
});
