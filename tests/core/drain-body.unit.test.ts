import { DRAIN_LIMIT_BYTES, drainUnreadBody } from "@worker/core/http/drain-body";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";

/** A request body that records how much of it was pulled and whether it was cancelled. */
function trackedBody(chunks: number, chunkBytes: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === chunks) return controller.close();
      state.pulled += 1;
      controller.enqueue(new Uint8Array(chunkBytes));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

function appThatRefuses() {
  return new Hono()
    .use("*", drainUnreadBody)
    .post("/refuse", (c) => c.json({ success: false, error: "Please sign in to continue." }, 401))
    .post("/read", async (c) => c.text(String((await c.req.arrayBuffer()).byteLength)));
}

describe("an unread request body", () => {
  it("is read to its end after a refusal, so the connection stays in step", async () => {
    const { stream, state } = trackedBody(8, 1024);
    const response = await appThatRefuses().request("/refuse", { method: "POST", body: stream });
    expect(response.status).toBe(401);
    expect(state.pulled).toBe(8);
    expect(state.cancelled).toBe(false);
  });

  it("is cancelled, not buffered, past the drain limit", async () => {
    const chunkBytes = 256 * 1024;
    const { stream, state } = trackedBody(64, chunkBytes);
    const response = await appThatRefuses().request("/refuse", { method: "POST", body: stream });
    expect(response.status).toBe(401);
    expect(state.cancelled).toBe(true);
    expect(state.pulled * chunkBytes).toBeLessThanOrEqual(DRAIN_LIMIT_BYTES + 2 * chunkBytes);
  });

  it("is left alone when the handler read it", async () => {
    const { stream, state } = trackedBody(4, 1000);
    const response = await appThatRefuses().request("/read", { method: "POST", body: stream });
    expect(await response.text()).toBe("4000");
    expect(state.pulled).toBe(4);
  });
});
