import { type IcsEvent, writeCalendar } from "@worker/features/club-meetings/ics";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { propertyNames } from "../helpers/ics-line-reader";
import { type IcsComponent, parseIcs } from "../helpers/ics-parser";

const EVENT: IcsEvent = {
  uid: "meeting-1@bookclub",
  startsAt: Date.UTC(2026, 9, 25, 19, 0),
  durationMinutes: 90,
  stampedAt: Date.UTC(2026, 9, 1, 8, 30, 15),
  sequence: 0,
  summary: "Meeting",
  location: "Library",
  description: "Bring the book",
  url: "https://meet.example.org/abc",
  cancelled: false,
};

/** The names the strict parser read, in file order, components' BEGIN and END included. */
function strictNames(component: IcsComponent): string[] {
  return ["BEGIN", ...component.properties.map((property) => property.name), ...component.components.flatMap(strictNames), "END"];
}

// Characters a line-splitting reader takes for a line break, and other controls.
const BREAKERS = { FF: "\f", NEL: "\u0085", PS: "\u2029", LS: "\u2028", VT: "\v", FS: "\u001C", CR: "\r", LF: "\n", NUL: "\u0000", DEL: "\u007F" };
const INJECTED = "STATUS:CANCELLED";
const SMUGGLED = "ORGANIZER:mailto:boss@evil.example";

/** Issue 34, item 6: no value may carry a character that starts a new property for some reader. */
describe("the .ics writer never lets a control character into a property", () => {
  for (const [label, char] of Object.entries(BREAKERS)) {
    it(`${label} in the URL, summary, place and note starts no new property in any reader`, () => {
      const text = writeCalendar(
        [
          {
            ...EVENT,
            url: `https://meet.example.org/a${char}${INJECTED}`,
            summary: `Meeting${char}${SMUGGLED}`,
            location: `Library${char}${INJECTED}`,
            description: `Notes${char}${SMUGGLED}`,
          },
        ],
        `Club${char}${SMUGGLED}`,
      );
      // No control character is left but the CRLF line ends.
      expect(text.replace(/\r\n/g, "")).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
      const lenient = propertyNames(text);
      expect(lenient).toEqual(strictNames(parseIcs(text)));
      expect(lenient).not.toContain("ORGANIZER");
      expect(lenient.filter((name) => name === "STATUS")).toHaveLength(1);
      const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
      expect(vevent.getAllProperties().map((property) => property.name.toUpperCase())).not.toContain("ORGANIZER");
      expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");
    });
  }

  it("keeps a clean event whole, as the line-splitting reader and the strict parser both read it", () => {
    const text = writeCalendar([EVENT], "Club meetings");
    expect(propertyNames(text)).toEqual(strictNames(parseIcs(text)));
    expect(propertyNames(text)).toEqual([
      "BEGIN",
      "VERSION",
      "PRODID",
      "CALSCALE",
      "METHOD",
      "X-WR-CALNAME",
      "BEGIN",
      "UID",
      "DTSTAMP",
      "DTSTART",
      "DTEND",
      "SEQUENCE",
      "STATUS",
      "SUMMARY",
      "LOCATION",
      "DESCRIPTION",
      "URL",
      "END",
      "END",
    ]);
  });

  it("writes a line or paragraph separator in text as the escaped line break a calendar shows", () => {
    const text = writeCalendar([{ ...EVENT, description: "One\u2028Two\u2029Three" }], "Club");
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
    expect(vevent.getFirstPropertyValue("description")).toBe("One\nTwo\nThree");
  });
});
