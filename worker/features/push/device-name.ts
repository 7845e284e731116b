/** What a device is called in the member's list: the browser and the system, read from its user agent. */
export interface DeviceKind {
  browser: string;
  system: string;
}

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari".
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMacintosh\b|\bMac OS X\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** Empty strings when the user agent names no browser or system we know (the list then says so in words). */
export function deviceKindOf(userAgent: string | null | undefined): DeviceKind {
  const agent = (userAgent ?? "").slice(0, 512);
  const find = (table: ReadonlyArray<[RegExp, string]>) => table.find(([pattern]) => pattern.test(agent))?.[1] ?? "";
  return { browser: find(BROWSERS), system: find(SYSTEMS) };
}
