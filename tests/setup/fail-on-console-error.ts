import { afterEach, beforeEach, expect, type MockInstance, vi } from "vitest";

/**
 * Any console.error during a test fails it, as in the browser journeys: a handler that logs an
 * error and still answers is a defect a status check alone would miss. A test that provokes an
 * error on purpose says so with `expectConsoleErrors()` and asserts what was logged.
 */
let spy: MockInstance<typeof console.error>;
let expected = false;

beforeEach(() => {
  expected = false;
  spy = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  const calls = spy.mock.calls.map((args) => args.map(String).join(" "));
  spy.mockRestore();
  if (!expected) expect(calls, "console.error was called during the test").toEqual([]);
});

/** Marks this test's console errors as expected and returns the spy, so the test can assert on them. */
export function expectConsoleErrors(): MockInstance<typeof console.error> {
  expected = true;
  return spy;
}
