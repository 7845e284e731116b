import { candidateQuery, matchKey } from "@worker/core/shared/copy-match";
import { describe, expect, it } from "vitest";

describe("A club book's match key", () => {
  it("leaves out case, accents, punctuation and articles", () => {
    expect(matchKey("The Ōcean at the End of the Lane", "Neil Gaïman")).toBe("ocean at end of lane|neil gaiman");
    expect(matchKey("ocean AT the end, of the LANE!", "neil  gaiman")).toBe(matchKey("An Ocean at End of Lane", "Neil Gaiman"));
    expect(matchKey("Cien años de soledad", "Gabriel García Márquez")).toBe("cien anos de soledad|gabriel garcia marquez");
  });

  it("keeps a title made only of an article", () => {
    expect(matchKey("The", "")).toBe("the|");
  });

  it("asks the full-text index for every word, quoted, in its column", () => {
    expect(candidateQuery('The "Hobbit" OR', "J.R.R. Tolkien")).toBe(
      'title : "hobbit" AND title : "or" AND author : "j" AND author : "r" AND author : "r" AND author : "tolkien"',
    );
    expect(candidateQuery("!!!", "")).toBeNull();
  });
});
