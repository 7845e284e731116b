import { describe, expect, it } from "vitest";
import { createBook, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";

/** The document's <head>, and its links in the order the browser meets (and requests) them. */
async function headOf(path: string) {
  const response = await call(path);
  expect(response.status).toBe(200);
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map((match) => match[0]);
  return { html, head, links };
}

const position = (links: string[], test: (link: string) => boolean) => links.findIndex(test);

describe("a book page's first paint", () => {
  it("asks for the cover first, then the stylesheet, and only then for the page's code", async () => {
    const owner = await signedInMember();
    const coverKey = `covers/${owner.user.id}/first-paint.jpg`;
    const book = await createBook(owner.user.id, { title: "First Light", coverKey });
    const { html, links } = await headOf(`/books/${book.id}`);
    const cover = `/media/${coverKey}`;

    const preload = position(links, (link) => link.includes('rel="preload"') && link.includes('as="image"') && link.includes(`href="${cover}"`));
    const stylesheet = position(links, (link) => link.includes('rel="stylesheet"'));
    const firstModule = position(links, (link) => link.includes('rel="modulepreload"'));
    expect(preload, "the cover's preload is in the head").toBeGreaterThanOrEqual(0);
    expect(links[preload]).toMatch(/fetchPriority="high"/i);
    expect(stylesheet, "the stylesheet is in the head").toBeGreaterThanOrEqual(0);
    expect(firstModule, "the page's code is preloaded").toBeGreaterThanOrEqual(0);
    // Over HTTP/1.1's six connections the render-blocking stylesheet queued behind 15 scripts, and the cover painted only after them.
    expect(preload).toBeLessThan(stylesheet);
    expect(stylesheet).toBeLessThan(firstModule);

    // The cover itself: eager, high priority, with its size known before it arrives.
    const img = html.match(new RegExp(`<img[^>]*src="${cover}"[^>]*>`))?.[0] ?? "";
    expect(img).toMatch(/fetchPriority="high"/i);
    expect(img).not.toMatch(/loading="lazy"/);
    expect(img).toMatch(/width="\d+"/);
    expect(img).toMatch(/height="\d+"/);
  });

  it("does not preload the deferred parts' code (comments, metadata, footer, the installable app's)", async () => {
    const owner = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Held Back", coverKey: `covers/${owner.user.id}/held-back.jpg` });
    const { links } = await headOf(`/books/${book.id}`);
    const modules = links.filter((link) => link.includes('rel="modulepreload"'));
    expect(modules.length).toBeGreaterThan(0);
    for (const link of modules) expect(link).not.toMatch(/\/assets\/(comments|metadata-sections|site-footer|after-hydration|app-status|offline)-/);
  });
});
