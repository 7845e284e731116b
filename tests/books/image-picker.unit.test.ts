import { describe, expect, it } from "vitest";
import { pickImages } from "~/features/books/pick-images";

const file = (name: string, size: number, type = "image/jpeg") => new File([new Uint8Array(size)], name, { type });
const MB = 1024 * 1024;

describe("the Add Books image picker rules", () => {
  it("keeps supported images up to the maximum and says how many more fit", () => {
    const current = [file("a.jpg", 10), file("b.jpg", 10)];
    const result = pickImages(
      current,
      Array.from({ length: 10 }, (_, i) => file(`n${i}.png`, 10, "image/png")),
      10,
    );
    expect(result.files).toHaveLength(10);
    expect(result.messages).toEqual(["Maximum 10 images allowed. You can add 8 more."]);
  });

  it("skips files over 10MB, HEIC/HEIF and other formats with the spec's messages", () => {
    const result = pickImages(
      [],
      [
        file("big.jpg", 10 * MB + 1),
        file("phone.HEIC", 10, ""),
        file("scan.heif", 10, "image/heif"),
        file("doc.pdf", 10, "application/pdf"),
        file("ok.gif", 10, "image/gif"),
      ],
      10,
    );
    expect(result.files.map((f) => f.name)).toEqual(["ok.gif"]);
    expect(result.messages).toContain("Some files exceed 10MB and were skipped: big.jpg");
    expect(result.messages).toContain("HEIC/HEIF photos are not supported and were skipped: phone.HEIC, scan.heif. Please use JPG, PNG or GIF.");
    expect(result.messages).toContain("Only JPG, PNG and GIF images are supported. Skipped: doc.pdf");
  });

  it("refuses a selection over 50MB in total and keeps what was there", () => {
    const current = [file("a.jpg", 9 * MB), file("b.jpg", 9 * MB)];
    const result = pickImages(current, [file("c.jpg", 9 * MB), file("d.jpg", 9 * MB), file("e.jpg", 9 * MB), file("f.jpg", 9 * MB)], 10);
    expect(result.files).toBe(current);
    expect(result.messages).toEqual(["Total selected size exceeds 50MB. Please add fewer or smaller images."]);
  });
});
