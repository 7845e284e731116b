import { Link } from "react-router";
import type { Route } from "./+types/account-deleted";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Account deleted — BookClub" }];
}

/** Where the browser lands after "Delete my account", already signed out. */
export default function AccountDeleted() {
  return (
    <div className="mx-auto max-w-xl space-y-4 py-6">
      <h1 className="font-serif text-3xl font-bold">Your account has been deleted</h1>
      <p>Your profile, books and covers are gone, and you have been signed out on every device.</p>
      <p>The members you talked to keep your conversations, shown as from "Deleted member".</p>
      <Link to="/" className="btn btn-primary">
        Go to the home page
      </Link>
    </div>
  );
}
