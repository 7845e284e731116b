/**
 * A strict RFC 5545 reader for tests: it throws on anything a lenient calendar app would forgive —
 * a bare LF or CR, a physical line over 75 octets, a bad content line, an unmatched BEGIN/END, a
 * missing VERSION, PRODID, UID, DTSTAMP or DTSTART, a malformed DATE-TIME, an unknown escape or an
 * unescaped "," or ";" in a TEXT value. No parser package is installed (see the club-meetings report:
 * `ical.js` should be added as a dev dependency and this kept as the strict first pass).
 */

export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  /** The value as written (escapes kept). */
  raw: string;
}

export interface IcsComponent {
  name: string;
  properties: IcsProperty[];
  components: IcsComponent[];
}

const encoder = new TextEncoder();
const NAME = /^[A-Za-z0-9-]+$/;
const DATE_TIME = /^\d{8}T\d{6}Z?$/;
const TEXT_PROPERTIES = new Set(["SUMMARY", "LOCATION", "DESCRIPTION", "COMMENT", "X-WR-CALNAME"]);

/** Splits into physical lines, checking CRLF and the 75-octet limit, then unfolds. */
function contentLines(text: string): string[] {
  if (!text.endsWith("\r\n")) throw new Error("The calendar must end with CRLF");
  const physical = text.slice(0, -2).split("\r\n");
  const lines: string[] = [];
  physical.forEach((line, index) => {
    if (/[\r\n]/.test(line)) throw new Error(`Line ${index + 1} has a bare CR or LF`);
    if (encoder.encode(line).length > 75) throw new Error(`Line ${index + 1} is longer than 75 octets`);
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (lines.length === 0) throw new Error("The calendar starts with a continuation line");
      lines[lines.length - 1] += line.slice(1);
    } else {
      if (line === "") throw new Error(`Line ${index + 1} is empty`);
      lines.push(line);
    }
  });
  return lines;
}

function parseLine(line: string): IcsProperty {
  // The name and parameters end at the first ":" outside a quoted parameter value.
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ":" && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon < 0) throw new Error(`No ":" in ${JSON.stringify(line)}`);
  const [name, ...rawParams] = line.slice(0, colon).split(";");
  if (!name || !NAME.test(name)) throw new Error(`Bad property name in ${JSON.stringify(line)}`);
  const params: Record<string, string> = {};
  for (const param of rawParams) {
    const eq = param.indexOf("=");
    if (eq <= 0 || !NAME.test(param.slice(0, eq))) throw new Error(`Bad parameter ${JSON.stringify(param)}`);
    params[param.slice(0, eq).toUpperCase()] = param.slice(eq + 1);
  }
  return { name: name.toUpperCase(), params, raw: line.slice(colon + 1) };
}

/** A TEXT value with its escapes undone; throws on a bad escape or an unescaped "," or ";". */
export function unescapeText(raw: string): string {
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    const char = raw[i]!;
    if (char === "\\") {
      const next = raw[++i];
      if (next === "\\" || next === ";" || next === ",") out += next;
      else if (next === "n" || next === "N") out += "\n";
      else throw new Error(`Bad escape \\${next ?? ""} in ${JSON.stringify(raw)}`);
    } else if (char === "," || char === ";") {
      throw new Error(`Unescaped ${char} in TEXT ${JSON.stringify(raw)}`);
    } else out += char;
  }
  return out;
}

function check(component: IcsComponent): void {
  const count = (name: string) => component.properties.filter((property) => property.name === name).length;
  const once = (name: string) => {
    if (count(name) !== 1) throw new Error(`${component.name} needs exactly one ${name}, has ${count(name)}`);
  };
  for (const property of component.properties) {
    if (TEXT_PROPERTIES.has(property.name)) unescapeText(property.raw);
    if (["DTSTAMP", "DTSTART", "DTEND"].includes(property.name)) {
      if (!DATE_TIME.test(property.raw)) throw new Error(`${property.name} is not a DATE-TIME: ${property.raw}`);
      if (property.raw.endsWith("Z") && property.params.TZID) throw new Error(`${property.name} has both TZID and Z`);
    }
    if (property.name === "SEQUENCE" && !/^\d+$/.test(property.raw)) throw new Error(`SEQUENCE is not an integer: ${property.raw}`);
    if (property.name === "STATUS" && component.name === "VEVENT" && !["TENTATIVE", "CONFIRMED", "CANCELLED"].includes(property.raw)) {
      throw new Error(`Bad VEVENT STATUS ${property.raw}`);
    }
  }
  if (component.name === "VCALENDAR") {
    once("VERSION");
    once("PRODID");
    if (component.properties.find((property) => property.name === "VERSION")!.raw !== "2.0") throw new Error("VERSION must be 2.0");
  }
  if (component.name === "VEVENT") {
    once("UID");
    once("DTSTAMP");
    once("DTSTART");
    if (count("DTEND") && count("DURATION")) throw new Error("VEVENT has both DTEND and DURATION");
    for (const name of ["SEQUENCE", "STATUS", "SUMMARY", "LOCATION", "DESCRIPTION", "URL", "DTEND"]) {
      if (count(name) > 1) throw new Error(`VEVENT has more than one ${name}`);
    }
  }
  component.components.forEach(check);
}

/** Parses a whole iCalendar object strictly; returns its VCALENDAR. */
export function parseIcs(text: string): IcsComponent {
  const stack: IcsComponent[] = [];
  let root: IcsComponent | undefined;
  for (const line of contentLines(text)) {
    const property = parseLine(line);
    if (property.name === "BEGIN") {
      const component: IcsComponent = { name: property.raw.toUpperCase(), properties: [], components: [] };
      if (stack.length === 0) {
        if (root) throw new Error("More than one top-level component");
        root = component;
      } else stack[stack.length - 1]!.components.push(component);
      stack.push(component);
    } else if (property.name === "END") {
      const open = stack.pop();
      if (!open || open.name !== property.raw.toUpperCase()) throw new Error(`END:${property.raw} does not close ${open?.name ?? "anything"}`);
    } else {
      if (stack.length === 0) throw new Error(`Property ${property.name} outside a component`);
      stack[stack.length - 1]!.properties.push(property);
    }
  }
  if (stack.length) throw new Error(`${stack[stack.length - 1]!.name} is never closed`);
  if (root?.name !== "VCALENDAR") throw new Error("The top component must be VCALENDAR");
  check(root);
  return root;
}

/** The VEVENTs of a calendar as name → value maps (TEXT values unescaped). */
export function icsEvents(text: string): Record<string, string>[] {
  return parseIcs(text)
    .components.filter((component) => component.name === "VEVENT")
    .map((event) =>
      Object.fromEntries(event.properties.map((property) => [property.name, TEXT_PROPERTIES.has(property.name) ? unescapeText(property.raw) : property.raw])),
    );
}
