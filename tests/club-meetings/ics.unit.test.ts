import { escapeText, foldLine, type IcsEvent, icsDateTime, writeCalendar } from "@worker/features/club-meetings/ics";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { icsEvents, parseIcs } from "../helpers/ics-parser";

const EVENT: IcsEvent = {
  uid: "meeting-1@bookclub",
  startsAt: Date.UTC(2026, 9, 25, 19, 0),
  durationMinutes: 90,
  stampedAt: Date.UTC(2026, 9, 1, 8, 30, 15),
  sequence: 2,
  summary: "Readers; Writers, and \\ Friends meeting",
  location: "Café Lumière, back room; ring twice",
  description: `Discussing: Chapters 1–8\n\nBring snacks, please. ${"A long note that goes on and on ".repeat(6)}📚📚📚`,
  url: "https://meet.example.org/abc",
  cancelled: false,
};

describe("the .ics writer (RFC 5545)", () => {
  it("writes a calendar a strict parser reads back, every field intact", () => {
    const text = writeCalendar([EVENT, { ...EVENT, uid: "meeting-2@bookclub", cancelled: true, sequence: 3 }], "Club, meetings");
    const calendar = parseIcs(text);
    expect(calendar.properties.find((property) => property.name === "VERSION")?.raw).toBe("2.0");
    const [first, second] = icsEvents(text);
    expect(first).toMatchObject({
      UID: "meeting-1@bookclub",
      DTSTAMP: "20261001T083015Z",
      DTSTART: "20261025T190000Z",
      DTEND: "20261025T203000Z",
      SEQUENCE: "2",
      STATUS: "CONFIRMED",
      SUMMARY: EVENT.summary,
      LOCATION: EVENT.location,
      DESCRIPTION: EVENT.description,
      URL: EVENT.url,
    });
    expect(second).toMatchObject({ UID: "meeting-2@bookclub", STATUS: "CANCELLED", SEQUENCE: "3" });
  });

  it("is read by ical.js (Mozilla's RFC 5545 parser) with every field, the cancelled one included", () => {
    const text = writeCalendar([EVENT, { ...EVENT, uid: "meeting-2@bookclub", cancelled: true, sequence: 3 }], "Club, meetings");
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    const [first, second] = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    expect(first!.uid).toBe("meeting-1@bookclub");
    expect(first!.startDate.toJSDate().getTime()).toBe(EVENT.startsAt);
    expect(first!.endDate.toJSDate().getTime()).toBe(EVENT.startsAt + 90 * 60_000);
    expect(first!.sequence).toBe(2);
    expect(first!.summary).toBe(EVENT.summary);
    expect(first!.location).toBe(EVENT.location);
    expect(first!.description).toBe(EVENT.description);
    expect(first!.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(second!.component.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("ends every line with CRLF and folds at 75 octets without splitting a character", () => {
    const text = writeCalendar([EVENT], "Meetings");
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const folded = foldLine(`DESCRIPTION:${"é".repeat(60)}`);
    expect(folded.split("\r\n ").join("")).toBe(`DESCRIPTION:${"é".repeat(60)}`);
    expect(folded.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
  });

  it("escapes backslash, semicolon, comma and newlines, and writes UTC times", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
    expect(icsDateTime(Date.UTC(2027, 0, 2, 3, 4, 5))).toBe("20270102T030405Z");
  });

  it("the strict parser refuses what RFC 5545 forbids", () => {
    const good = writeCalendar([EVENT], "Meetings");
    expect(() => parseIcs(good.replace(/\r\n/g, "\n"))).toThrow();
    expect(() => parseIcs(good.replace("SUMMARY:Readers\\;", "SUMMARY:Readers;"))).toThrow(/Unescaped|parameter/);
    expect(() => parseIcs(good.replace(/UID:[^\r]*\r\n/, ""))).toThrow(/UID/);
    expect(() => parseIcs(good.replace("DTSTART:20261025T190000Z", "DTSTART:2026-10-25"))).toThrow(/DATE-TIME/);
    expect(() => parseIcs(`${good.slice(0, -2)}${"x".repeat(80)}\r\n`)).toThrow(/75 octets/);
  });
});
