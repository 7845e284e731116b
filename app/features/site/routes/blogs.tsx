import { Link } from "react-router";
import { blogPosts } from "../blog-posts";
import type { Route } from "./+types/blogs";
import { formatCalendarDay } from "@worker/core/shared/date-format";
import { useReader } from "~/core/use-reader";
import { PUBLIC_PAGE_HANDLE } from "~/core/i18n";

// Public: search engines find each language of this page.
export const handle = PUBLIC_PAGE_HANDLE;

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Blog — BookClub" },
    { name: "description", content: "Guides on book swapping from the BookClub community: hosting a swap, club rules and decluttering." },
  ];
}


export default function Blogs() {
  const reader = useReader();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="font-serif text-3xl font-bold">Blog</h1>
      <p className="text-stone-700">Practical guides for swapping, lending and sharing books.</p>
      <ul className="space-y-4">
        {blogPosts.map((post) => (
          <li key={post.slug} className="card p-5">
            <h2 className="font-serif text-xl font-semibold">
              <Link to={`/about/blogs/${post.slug}`} className="hover:underline">
                {post.title}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-stone-600">
              <time dateTime={post.publishedOn}>{formatCalendarDay(post.publishedOn, reader.locale)}</time> ·{" "}
              {post.readingMinutes} min read
            </p>
            <p className="mt-2 text-stone-800">{post.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
