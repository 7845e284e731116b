import { translate } from "@worker/core/i18n/request-language";
import { formatCalendarDay } from "@worker/core/shared/date-format";
import { data, Link } from "react-router";
import { PUBLIC_PAGE_HANDLE, useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { useReader } from "~/core/use-reader";
import { BackArrow } from "~/ui/icons";
import { type BlogBlock, findBlogPost } from "../blog-posts";
import type { Route } from "./+types/blog-post";

// Public: search engines find each language of this page.
export const handle = PUBLIC_PAGE_HANDLE;

export async function loader({ params, context }: Route.LoaderArgs) {
  // Unknown slugs render 'Post not found' with a 404 status rather than an error page.
  const post = findBlogPost(params.slug) ?? null;
  const catalogue = await pageMessages(context, "site");
  return data({ post, catalogue, notFoundTitle: translate("Post not found — BookClub") }, { status: post ? 200 : 404 });
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [];
  const { post } = loaderData;
  if (!post) return [{ title: loaderData.notFoundTitle }];
  // The post's title is content: in English, like the post.
  return [{ title: `${post.title} — BookClub` }, { name: "description", content: post.summary }, { property: "og:type", content: "article" }];
}

function Block({ block }: { block: BlogBlock }) {
  switch (block.type) {
    case "h2":
      return <h2 className="mt-8 font-serif text-2xl font-semibold">{block.text}</h2>;
    case "ul":
      return (
        <ul className="list-disc space-y-1 ps-6">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "ol":
      return (
        <ol className="list-decimal space-y-1 ps-6">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      );
    case "tip":
      return <aside className="rounded-lg border-s-4 border-brand-700 bg-brand-50 p-4 text-brand-800">{block.text}</aside>;
    default:
      return <p>{block.text}</p>;
  }
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const reader = useReader();
  const t = useT();
  if (!post) {
    return (
      <div className="mx-auto max-w-2xl space-y-4 py-12 text-center">
        <h1 className="font-serif text-3xl font-bold">{t("Post not found")}</h1>
        <Link to="/about/blogs" className="btn btn-primary">
          {t("All posts")}
        </Link>
      </div>
    );
  }
  // The post (its title and text) is content: in English, marked so, around the page's own words.
  return (
    <article className="mx-auto max-w-2xl space-y-4 leading-relaxed text-stone-800">
      <Link to="/about/blogs" className="text-sm font-medium text-brand-700 hover:underline">
        <BackArrow /> {t("All posts")}
      </Link>
      <h1 lang="en" className="font-serif text-4xl font-bold text-stone-900">
        {post.title}
      </h1>
      <p className="text-sm text-stone-600">
        <time dateTime={post.publishedOn}>{formatCalendarDay(post.publishedOn, reader.locale)}</time> ·{" "}
        {t("{minutes, plural, other {# min read}}", { minutes: post.readingMinutes })}
      </p>
      <div lang="en" className="space-y-4">
        {post.body.map((block, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a post's blocks are static text that never reorders
          <Block key={index} block={block} />
        ))}
      </div>
    </article>
  );
}
