import { Link } from "react-router";
import type { Route } from "./+types/share-target";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Share photos — BookClub" }];
}

/**
 * Reached only when the installed app's service worker did not take the shared photos (a browser
 * without service workers, or one that has not installed it yet): the Worker turned the POST into
 * this GET without reading the photos, so nothing was uploaded.
 */
export default function ShareTarget() {
  return (
    <div className="mx-auto max-w-xl space-y-4 py-12 text-center">
      <h1 className="font-serif text-3xl font-bold">Share photos to BookClub</h1>
      <p className="text-stone-700">
        This browser can't receive shared photos, so nothing was uploaded. Open My Books and choose Add Books to pick the
        cover photos instead.
      </p>
      <Link to="/my-books?add=1" className="btn btn-primary">
        Add Books
      </Link>
    </div>
  );
}
