import { translate } from "@worker/core/i18n/request-language";
import { formatCalendarDay } from "@worker/core/shared/date-format";
import { Link } from "react-router";
import { PUBLIC_PAGE_HANDLE, useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { useReader } from "~/core/use-reader";
import { blogPosts } from "../blog-posts";
import type { Route } from "./+types/blogs";

// Public: search engines find each language of this page.
export const handle = PUBLIC_PAGE_HANDLE;

export async function loader({ context }: Route.LoaderArgs) {
  return {
    catalogue: await pageMessages(context, "site"),
    title: translate("Blog — BookClub"),
    description: translate("Guides on book swapping from the BookClub community: hosting a swap, club rules and decluttering."),
  };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [];
  return [{ title: loaderData.title }, { name: "description", content: loaderData.description }];
}

// The posts are content: their titles and summaries stay in English (marked lang="en") in every language.

export default function Blogs() {
  const reader = useReader();
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="font-serif text-3xl font-bold">{t("Blog")}</h1>
      <p className="text-stone-700">{t("Practical guides for swapping, lending and sharing books.")}</p>
      <ul className="space-y-4">
        {blogPosts.map((post) => (
          <li key={post.slug} className="card p-5">
            <h2 lang="en" className="font-serif text-xl font-semibold">
              <Link to={`/about/blogs/${post.slug}`} className="hover:underline">
                {post.title}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-stone-600">
              <time dateTime={post.publishedOn}>{formatCalendarDay(post.publishedOn, reader.locale)}</time> ·{" "}
              {t("{minutes, plural, other {# min read}}", { minutes: post.readingMinutes })}
            </p>
            <p lang="en" className="mt-2 text-stone-800">
              {post.summary}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
