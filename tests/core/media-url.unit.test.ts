import { mediaUrl } from "@worker/core/shared/media-url";
import { describe, expect, it } from "vitest";

describe("mediaUrl", () => {
  it("maps an R2 key to its /media URL, encoding each segment but keeping the slashes", () => {
    expect(mediaUrl("covers/u-1/3f2a.jpg")).toBe("/media/covers/u-1/3f2a.jpg");
    expect(mediaUrl("avatars/u 1/a#b?.png")).toBe("/media/avatars/u%201/a%23b%3F.png");
  });

  it("passes absolute https URLs (a Google profile picture) through", () => {
    expect(mediaUrl("https://lh3.googleusercontent.com/a/x=s96-c")).toBe("https://lh3.googleusercontent.com/a/x=s96-c");
  });

  it("gives null when there is no object", () => {
    expect(mediaUrl(null)).toBeNull();
    expect(mediaUrl(undefined)).toBeNull();
    expect(mediaUrl("")).toBeNull();
  });
});
