import { describe, expect, it } from "vitest";
import { messageParts } from "~/features/messages/message-links";

describe("web addresses in messages", () => {
  it("finds http and https addresses between the text", () => {
    expect(messageParts("See https://example.com/a?b=1 please")).toEqual([{ text: "See " }, { url: "https://example.com/a?b=1" }, { text: " please" }]);
    expect(messageParts("http://x.example")).toEqual([{ url: "http://x.example" }]);
    expect(messageParts("two: https://a.example\nhttps://b.example/")).toEqual([
      { text: "two: " },
      { url: "https://a.example" },
      { text: "\n" },
      { url: "https://b.example/" },
    ]);
  });

  it("leaves sentence punctuation after the address to the sentence", () => {
    expect(messageParts("Read https://example.com/x.")).toEqual([{ text: "Read " }, { url: "https://example.com/x" }, { text: "." }]);
    expect(messageParts("(https://example.com/x)")).toEqual([{ text: "(" }, { url: "https://example.com/x" }, { text: ")" }]);
  });

  it("never makes other schemes links, nor ends an address at markup", () => {
    const text = "javascript:alert(1) data:text/html,hi ftp://example.com xhttps://example.com";
    expect(messageParts(text)).toEqual([{ text }]);
    expect(messageParts('https://example.com/"><script>')).toEqual([{ url: "https://example.com/" }, { text: '"><script>' }]);
  });

  it("keeps plain text whole", () => {
    expect(messageParts("No links here.")).toEqual([{ text: "No links here." }]);
    expect(messageParts("")).toEqual([]);
  });
});
