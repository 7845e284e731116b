import { createServer, type IncomingHttpHeaders, type Server } from "node:http";

/**
 * The e2e Worker's outside services are tiny HTTP servers on 127.0.0.1 that a spec starts itself and
 * that answer recorded responses, so no run ever asks a public service. Each one's port follows the
 * app's (E2E_PORT + its offset, or its own variable), so runs kept apart by E2E_PORT keep their
 * servers apart too; scripts/e2e-serve.ts gives the Worker the matching URLs (see playwright.config.ts).
 */
export function recordedPort(offset: number, variable: string, env: NodeJS.ProcessEnv = process.env): number {
  return Number(env[variable] ?? Number(env.E2E_PORT ?? 4173) + offset);
}

/** What a recorded server was sent. */
export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer<ArrayBuffer>;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body: string | Buffer;
}

export const jsonReply = (body: unknown, status = 200): Reply => ({
  status,
  headers: { "Content-Type": "application/json; charset=utf-8" },
  body: JSON.stringify(body),
});

/** Answers one request; `entry` is what the log kept of it (undefined when `record` kept nothing). */
export type Route<Entry> = (request: RecordedRequest, entry: Entry | undefined) => Reply | Promise<Reply>;

export interface RecordedServerOptions<Entry> {
  port: number;
  /** What the request log keeps of each request, answered or not (undefined: nothing). */
  record: (request: RecordedRequest) => Entry | undefined | Promise<Entry | undefined>;
  /** Answers by "METHOD /path" or "/path" (any method); "*" answers every other request. */
  routes: Record<string, Route<Entry>>;
  /** The answer to a request no route takes. */
  notFound?: Reply;
}

const NOT_RECORDED: Reply = { status: 404, headers: { "Content-Type": "text/plain" }, body: "not recorded" };

/**
 * The Worker knows one address per outside service, so journeys that serve the same one (two run
 * side by side) take turns: the port is the lock, and a second journey waits until the first closes.
 */
async function listenWhenFree(server: Server, port: number, waitMs = 80_000) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => {
          server.off("error", reject);
          resolve();
        });
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Serves the routes and keeps the request log, until `close()`. */
export async function startRecordedServer<Entry>({ port, record, routes, notFound = NOT_RECORDED }: RecordedServerOptions<Entry>) {
  const requests: Entry[] = [];
  const server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const request: RecordedRequest = {
      method: incoming.method ?? "GET",
      url: new URL(incoming.url ?? "/", `http://127.0.0.1:${port}`),
      headers: incoming.headers,
      body: Buffer.concat(chunks),
    };
    const entry = await record(request);
    if (entry !== undefined) requests.push(entry);
    const route = routes[`${request.method} ${request.url.pathname}`] ?? routes[request.url.pathname] ?? routes["*"];
    const reply = route ? await route(request, entry) : notFound;
    response.writeHead(reply.status ?? 200, reply.headers);
    response.end(reply.body);
  });
  await listenWhenFree(server, port);
  return {
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
