import { data, Link } from "react-router";
import { findBlogPost, type BlogBlock } from "../blog-posts";
import type { Route } from "./+types/blog-post";
import { formatCalendarDay } from "@worker/core/shared/date-format";
import { useReader } from "~/core/use-reader";
import { PUBLIC_PAGE_HANDLE } from "~/core/i18n";

// Public: search engines find each language of this page.
export const handle = PUBLIC_PAGE_HANDLE;

export function loader({ params }: Route.LoaderArgs) {
  // Unknown slugs render 'Post not found' with a 404 status rather than an error page.
  const post = findBlogPost(params.slug) ?? null;
  return data({ post }, { status: post ? 200 : 404 });
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const post = loaderData?.post;
  if (!post) return [{ title: "Post not found — BookClub" }];
  return [
    { title: `${post.title} — BookClub` },
    { name: "description", content: post.summary },
    { property: "og:type", content: "article" },
  ];
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
  if (!post) {
    return (
      <div className="mx-auto max-w-2xl space-y-4 py-12 text-center">
        <h1 className="font-serif text-3xl font-bold">Post not found</h1>
        <Link to="/about/blogs" className="btn btn-primary">
          All posts
        </Link>
      </div>
    );
  }
  return (
    <article className="mx-auto max-w-2xl space-y-4 leading-relaxed text-stone-800">
      <Link to="/about/blogs" className="text-sm font-medium text-brand-700 hover:underline">
        ← All posts
      </Link>
      <h1 className="font-serif text-4xl font-bold text-stone-900">{post.title}</h1>
      <p className="text-sm text-stone-600">
        <time dateTime={post.publishedOn}>{formatCalendarDay(post.publishedOn, reader.locale)}</time> · {post.readingMinutes} min read
      </p>
      {post.body.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a post's blocks are static text that never reorders
        <Block key={index} block={block} />
      ))}
    </article>
  );
}
