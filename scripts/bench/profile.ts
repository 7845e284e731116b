// Where a page's time goes inside the Worker: serves the build over the last bench's database (run
// `npm run bench` first), takes a CPU profile from workerd's inspector while a URL is requested
// again and again, and prints the self time by module and by function, per request.
//   node scripts/bench/profile.ts /library [requests] [--member]
// `--member` signs the requests in as the bench's member (the bench's session token); `--send` POSTs
// a message (a new messageId each time) instead, e.g. to /api/dm/conversations/bench-live/messages.
import { existsSync } from "node:fs";
import { benchRequest, PORT, STATE, startWorker } from "./harness.ts";

const INSPECTOR_PORT = Number(process.env.BENCH_INSPECTOR_PORT ?? 9231);
const args = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const url = args[0] ?? "/about";
const requests = Number(args[1] ?? 300);
const send = process.argv.includes("--send");
const headers: Record<string, string> =
  process.argv.includes("--member") || send ? { Authorization: "Bearer benchbenchbenchbenchbenchbench22", "Content-Type": "application/json" } : {};
if (!existsSync(STATE)) throw new Error(`No bench database in ${STATE}: run npm run bench first (small: BENCH_BOOKS=2000 ...).`);

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** One CDP session on workerd's inspector, for the Worker named `name`. */
async function inspect(name: string) {
  const targets = (await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json`)).json()) as { id: string; title: string; webSocketDebuggerUrl?: string }[];
  // Titles read like "core:user:bookclub"; the barcode Worker's ("…bookclub-barcode") must not match.
  const target = targets.find((candidate) => candidate.title.endsWith(`:${name}`) || candidate.title === name) ?? targets[0];
  if (!target) throw new Error("workerd's inspector lists no Worker");
  const socket = new WebSocket(target.webSocketDebuggerUrl ?? `ws://127.0.0.1:${INSPECTOR_PORT}/${target.id}`);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let next = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const data = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (data.id !== undefined) pending.get(data.id)?.(data.result);
  });
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const id = ++next;
      pending.set(id, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

function moduleOf(frameUrl: string) {
  if (!frameUrl) return "(native / runtime)";
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frameUrl);
  if (inPackage) return inPackage[1]!;
  return frameUrl.replace(/^.*\/build\/server\//, "build/server/");
}

function report(profile: Profile, count: number) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((sample, index) => {
    const frame = nodes.get(sample)!.callFrame;
    const micros = profile.timeDeltas[index + 1] ?? 0;
    if (frame.functionName === "(idle)" || frame.functionName === "(program)") return;
    busy += micros;
    const key = `${frame.functionName || "(anonymous)"}  ${moduleOf(frame.url)}:${frame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    byModule.set(moduleOf(frame.url), (byModule.get(moduleOf(frame.url)) ?? 0) + micros);
  });
  const perRequest = (micros: number) => (micros / 1000 / count).toFixed(3);
  // `--callers=name`: the call paths (four frames up) that spend the self time of that function.
  const callersOf = process.argv.find((arg) => arg.startsWith("--callers="))?.slice("--callers=".length);
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const callers = new Map<string, number>();
  if (callersOf) {
    profile.samples.forEach((sample, index) => {
      if (nodes.get(sample)!.callFrame.functionName !== callersOf) return;
      const path: string[] = [];
      for (let id = parents.get(sample); id !== undefined && path.length < 6; id = parents.get(id)) {
        const frame = nodes.get(id)!.callFrame;
        path.push(`${frame.functionName || "(anonymous)"}@${moduleOf(frame.url).replace(/^.*\//, "")}:${frame.lineNumber + 1}`);
      }
      const key = path.join(" < ");
      callers.set(key, (callers.get(key) ?? 0) + (profile.timeDeltas[index + 1] ?? 0));
    });
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, micros]) => `| ${perRequest(micros)} | ${key} |`);
  return [
    `CPU in the Worker for ${url}: ${perRequest(busy)} ms a request (busy samples, ${count} requests)`,
    "",
    "| ms/request | module |",
    "|---:|---|",
    ...top(byModule, 15),
    "",
    "| ms/request | function (self) |",
    "|---:|---|",
    ...top(byFunction, 40),
    ...(callersOf ? ["", `| ms/request | callers of ${callersOf} |`, "|---:|---|", ...top(callers, 10)] : []),
  ].join("\n");
}

// As the bench does, the per-member send limit is lifted: the profile is of sending, not of refusals.
const worker = await startWorker(
  (config) => {
    for (const limiter of config.ratelimits ?? []) if (limiter.name === "MESSAGE_LIMITER") limiter.simple.limit = 1_000_000;
  },
  { inspectorPort: INSPECTOR_PORT },
);
try {
  const get = async () => {
    const response = await benchRequest(`http://localhost:${PORT}${url}`, {
      headers,
      ...(send ? { method: "POST", body: JSON.stringify({ content: "profiled message", messageId: crypto.randomUUID() }) } : {}),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  };
  for (let i = 0; i < 30; i++) await get();
  const inspector = await inspect("bookclub");
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 50 });
  await inspector.send("Profiler.start");
  for (let i = 0; i < requests; i++) await get();
  const { profile } = await inspector.send<{ profile: Profile }>("Profiler.stop");
  inspector.close();
  console.log(report(profile, requests));
} finally {
  await worker.stop();
}
