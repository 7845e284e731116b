import { Form, Link, NavLink } from "react-router";
import { noteOwnSignOut } from "~/core/session-events";
import type { ShellUser } from "./shell.server";
import { BellIcon, BooksIcon } from "~/ui/icons";

export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="unread-badge">
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
      className="nav-link ms-auto flex md:ms-0"
    >
      <BellIcon />
      <UnreadBadge count={count} />
    </NavLink>
  );
}

export function TopBar({ user, unread = 0, notifications = 0 }: { user: ShellUser; unread?: number; notifications?: number }) {
  return (
    <header className="top-bar">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link to="/library" className="flex items-center gap-2 font-serif text-xl font-bold text-brand-800">
          <BooksIcon className="h-6 w-6" />
          BookClub
        </Link>
        <nav aria-label="Main" className="ms-auto hidden items-center gap-1 md:flex">
          {user ? (
            <>
              <NavLink to="/library" className="nav-link">
                Browse Library
              </NavLink>
              <NavLink to="/my-books" end className="nav-link">
                My Books
              </NavLink>
              <Link to="/my-books" state={{ openAddBooks: true }} className="nav-link">
                Add Books
              </Link>
              <NavLink to="/clubs" className="nav-link">
                Clubs
              </NavLink>
              <NavLink to="/swap-toys" className="nav-link">
                Swap Toys
              </NavLink>
              <NavLink to="/messages" className="nav-link">
                Messages
                <UnreadBadge count={unread} />
              </NavLink>
              <NavLink to="/loans" className="nav-link">
                Loans
              </NavLink>
              <NavLink to="/profile" className="nav-link">
                Profile
              </NavLink>
              {user.moderator && (
                <NavLink to="/moderation" className="nav-link">
                  Moderation
                </NavLink>
              )}
              <Form method="post" action="/logout" onSubmit={noteOwnSignOut}>
                <button type="submit" className="nav-link">
                  Logout
                </button>
              </Form>
            </>
          ) : (
            <>
              <NavLink to="/library" className="nav-link">
                Browse Library
              </NavLink>
              <NavLink to="/about" end className="nav-link">
                About Us
              </NavLink>
              <NavLink to="/about/blogs" className="nav-link">
                Blogs
              </NavLink>
              <NavLink to="/swap-toys" className="nav-link">
                Swap Toys
              </NavLink>
              <Link to="/login" className="btn btn-primary ms-2">
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
