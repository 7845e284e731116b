import { Form, Link, NavLink } from "react-router";
import { noteOwnSignOut } from "~/core/session-events";
import type { ShellUser } from "./shell.server";
import { BellIcon, BooksIcon } from "~/ui/icons";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-stone-700 hover:bg-stone-100 hover:text-stone-900"}`;

export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
      {count > 99 ? "99+" : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/** The bell: on every screen size, with its count in the name ("Notifications, 3 unread"). */
function NotificationsLink({ count }: { count: number }) {
  return (
    <NavLink
      to="/notifications"
      aria-label={`Notifications${count > 0 ? `, ${count > 99 ? "99+" : count} unread` : ""}`}
      className="ml-auto flex rounded-md px-3 py-2 text-stone-700 hover:bg-stone-100 md:ml-0"
    >
      <BellIcon />
      <UnreadBadge count={count} />
    </NavLink>
  );
}

export function TopBar({ user, unread = 0, notifications = 0 }: { user: ShellUser; unread?: number; notifications?: number }) {
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link to="/library" className="flex items-center gap-2 font-serif text-xl font-bold text-brand-800">
          <BooksIcon className="h-6 w-6" />
          BookClub
        </Link>
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          {user ? (
            <>
              <NavLink to="/library" className={linkClass}>
                Browse Library
              </NavLink>
              <NavLink to="/my-books" end className={linkClass}>
                My Books
              </NavLink>
              <Link to="/my-books" state={{ openAddBooks: true }} className={linkClass({ isActive: false })}>
                Add Books
              </Link>
              <NavLink to="/clubs" className={linkClass}>
                Clubs
              </NavLink>
              <NavLink to="/swap-toys" className={linkClass}>
                Swap Toys
              </NavLink>
              <NavLink to="/messages" className={linkClass}>
                Messages
                <UnreadBadge count={unread} />
              </NavLink>
              <NavLink to="/loans" className={linkClass}>
                Loans
              </NavLink>
              <NavLink to="/profile" className={linkClass}>
                Profile
              </NavLink>
              {user.moderator && (
                <NavLink to="/moderation" className={linkClass}>
                  Moderation
                </NavLink>
              )}
              <Form method="post" action="/logout" onSubmit={noteOwnSignOut}>
                <button type="submit" className="rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100">
                  Logout
                </button>
              </Form>
            </>
          ) : (
            <>
              <NavLink to="/library" className={linkClass}>
                Browse Library
              </NavLink>
              <NavLink to="/about" end className={linkClass}>
                About Us
              </NavLink>
              <NavLink to="/about/blogs" className={linkClass}>
                Blogs
              </NavLink>
              <NavLink to="/swap-toys" className={linkClass}>
                Swap Toys
              </NavLink>
              <Link to="/login" className="btn btn-primary ml-2">
                Sign In
              </Link>
            </>
          )}
        </nav>
        {user && <NotificationsLink count={notifications} />}
      </div>
    </header>
  );
}
