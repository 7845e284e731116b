import type { Deps } from "../service-context";

/**
 * What happened, by name: each feature adds the events it publishes by declaration merging
 * (`declare module "@worker/core/events/registry" { interface FeatureEvents { "club.announced": {...} } }`),
 * so core names no feature and a publisher and its subscribers agree on one typed payload.
 */
// biome-ignore lint/suspicious/noEmptyInterface: features extend it by declaration merging.
export interface FeatureEvents {}

export type EventName = keyof FeatureEvents;
export type FeatureEvent = { [K in EventName]: { type: K } & FeatureEvents[K] }[EventName];
export type EventOf<K extends EventName> = Extract<FeatureEvent, { type: K }>;

/** Runs after the publisher committed its change; it must be idempotent (a repeated step publishes again). */
export type Subscriber<K extends EventName> = (deps: Deps, event: EventOf<K>) => Promise<unknown>;

/** A subscriber as stored: publish() hands each only the events of the name it subscribed to. */
type AnySubscriber = (deps: Deps, event: FeatureEvent) => Promise<unknown>;

const REGISTRY = Symbol.for("bookclub.feature-event-subscribers");
type SharedRegistry = typeof globalThis & { [REGISTRY]?: Map<EventName, Map<string, AnySubscriber>> };

/**
 * Subscribers by event. Core never imports a feature: the features' subscribers are registered by
 * worker/subscribers.ts, which the Worker's entry module imports, so every isolate (the Worker's,
 * each Durable Object's, a queue consumer's) has them before anything publishes. The map is the
 * isolate's, not this module copy's: a test that imports the source shares it with the Worker's bundle.
 */
const shared = globalThis as SharedRegistry;
shared[REGISTRY] ??= new Map();
const subscribers: Map<EventName, Map<string, AnySubscriber>> = shared[REGISTRY];

/**
 * Adds these subscribers, each under a name (the feature and what it does, e.g. "notifications.bell"):
 * registering a name again, as a module evaluated again in development does, replaces it.
 */
export function subscribe(map: { [K in EventName]?: Record<string, Subscriber<K>> }): void {
  for (const [name, named] of Object.entries(map) as unknown as [EventName, Record<string, AnySubscriber>][]) {
    const forEvent = subscribers.get(name) ?? new Map<string, AnySubscriber>();
    for (const [id, subscriber] of Object.entries(named)) forEvent.set(id, subscriber);
    subscribers.set(name, forEvent);
  }
}

/** Removes a named subscriber (a test's stand-in, once the test is done). */
export function unsubscribe(name: EventName, id: string): void {
  subscribers.get(name)?.delete(id);
}

/** The names subscribed to an event (tests and the operator). */
export function subscribersOf(name: EventName): string[] {
  return [...(subscribers.get(name)?.keys() ?? [])];
}

/**
 * Tells the event's subscribers, all at once, and waits for them. The publisher's change is already
 * stored, and repeating it would find it stored and publish nothing new: so a subscriber's failure is
 * logged, never thrown into the step that published (as notify() treats its e-mail and pushes).
 */
export async function publish<K extends EventName>(deps: Deps, event: EventOf<K>): Promise<void> {
  const forEvent = subscribers.get(event.type);
  if (!forEvent || forEvent.size === 0) {
    // Nobody listening at all means the registrations were never loaded: say so instead of losing it quietly.
    if (subscribers.size === 0) console.warn(`No event subscribers are registered; ${event.type} reached nobody`);
    return;
  }
  const results = await Promise.allSettled([...forEvent].map(async ([, subscriber]) => subscriber(deps, event as FeatureEvent)));
  const names = [...forEvent.keys()];
  results.forEach((result, i) => {
    if (result.status === "rejected") console.warn(`Subscriber ${names[i]} of ${event.type} failed`, result.reason);
  });
}
