import { translate } from "@worker/core/i18n/request-language";
import { Link } from "react-router";
import { PUBLIC_PAGE_HANDLE, useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import type { Route } from "./+types/about";

// Public: search engines find each language of this page.
export const handle = PUBLIC_PAGE_HANDLE;

export async function loader({ context }: Route.LoaderArgs) {
  return {
    catalogue: await pageMessages(context, "site"),
    title: translate("About — BookClub"),
    description: translate(
      "BookClub is a community library for lending, borrowing and swapping books, built on Cloudflare Workers, D1, R2, Queues and Durable Objects.",
    ),
  };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [];
  return [{ title: loaderData.title }, { name: "description", content: loaderData.description }];
}

// The page's account of how BookClub is built is content: it stays in English (marked lang="en") in every language.

const PARTS = [
  {
    title: "One Worker at the edge",
    text: "Every page, the JSON API and the cover images are served by a single Cloudflare Worker close to you. Pages are rendered on the server with React Router, so they arrive readable before any JavaScript runs, and then become interactive.",
  },
  {
    title: "D1 for the library",
    text: "Books, members, clubs and messages' summaries live in D1, Cloudflare's SQLite database. Searching uses a full-text index that is kept up to date by the database itself, and pages are read with cursors, so page 400 is as quick as page 1.",
  },
  {
    title: "R2 for covers",
    text: "The cover photos you upload pass through the Worker, which checks the size and the file's actual content before storing it in R2 under a name the server chooses. Images are served with long-lived caching.",
  },
  {
    title: "A queue that reads covers",
    text: "Adding a book from a photo puts a job on a Cloudflare Queue. A consumer asks a vision model (Workers AI) for the title, author, ISBN, language, age group and themes as strict JSON, checks the answer, and writes it into the book's top-level title, author and ISBN fields and into its cover-analysis record. It then looks the book up in Google Books (or Open Library) for publisher, page count and description. If a cover cannot be read, the book stays usable and is marked as needing details.",
  },
  {
    title: "Durable Objects for conversations",
    text: "Each conversation between two members has its own Durable Object that keeps the messages and unread counts, and mirrors a summary to D1 so your conversation list and unread badge are one quick query.",
  },
  {
    title: "Signing in",
    text: "You sign in with your Google account (authorization code with PKCE). Your session is a random token in a secure, HttpOnly cookie; only a hash of it is stored.",
  },
];

export default function About() {
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <header className="space-y-3">
        <h1 className="font-serif text-4xl font-bold">{t("About BookClub")}</h1>
        <p lang="en" className="text-lg leading-relaxed text-stone-800">
          BookClub is a community library. Readers photograph the covers of their own books to list them, browse what neighbours have on their shelves, lend and
          borrow, give books away, start or join book clubs, and message each other to arrange a swap.
        </p>
      </header>
      <section lang="en" aria-labelledby="how-heading" className="space-y-4">
        <h2 id="how-heading" className="font-serif text-2xl font-semibold">
          How it is built
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {PARTS.map((part) => (
            <li key={part.title} className="card p-5">
              <h3 className="font-semibold">{part.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-stone-800">{part.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="card flex flex-wrap items-center justify-between gap-4 p-5">
        <p className="text-stone-800">{t("Guides on hosting swaps, club rules and decluttering your shelves.")}</p>
        <Link to="/about/blogs" className="btn btn-primary">
          {t("Read the blog")}
        </Link>
      </section>
    </div>
  );
}
