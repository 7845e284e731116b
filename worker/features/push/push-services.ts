/**
 * The push services browsers subscribe with: Chrome, Edge, Opera and Samsung Internet use Google's
 * FCM; Firefox Mozilla's autopush; Safari Apple's; the old Edge Microsoft's WNS. An endpoint on any
 * other host is refused unless the operator lists it (PUSH_SERVICE_HOSTS), so a member cannot make
 * the Worker post to an address of their choosing.
 */
export const KNOWN_PUSH_SERVICE_HOSTS: readonly string[] = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.push.apple.com",
  "*.notify.windows.com",
];

/** `host` (lower case) matches `pattern`: the same name, or for "*.example.org" a name below it. */
function hostMatches(host: string, pattern: string): boolean {
  if (!pattern.startsWith("*.")) return host === pattern;
  const suffix = pattern.slice(1);
  return host.endsWith(suffix) && host.length > suffix.length;
}

export function isPushServiceHost(host: string, extraHosts: readonly string[] = []): boolean {
  const name = host.toLowerCase();
  return [...KNOWN_PUSH_SERVICE_HOSTS, ...extraHosts].some((pattern) => hostMatches(name, pattern));
}
