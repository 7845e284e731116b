import { Form, Link, NavLink } from "react-router";
import { useT } from "~/core/i18n";
import { noteOwnSignOut } from "~/core/session-events";
import { BellIcon, BooksIcon } from "~/ui/icons";
import type { ShellUser } from "./shell.server";

export function UnreadBadge({ count }: { count: number }) {
  const t = useT();
  if (count <= 0) return null;
  return (
    <span className="unread-badge">
      {count > 99 ? "99+" : count}
      {/* The catalogue's text starts with the space that parts it from the count: "3 unread". */}
      <span className="sr-only">{t(" unread")}</span>
    </span>
  );
}

/** The bell: on every screen size, with its count in the name ("Notifications, 3 unread"). */
function NotificationsLink({ count }: { count: number }) {
  const t = useT();
  const label =
    count <= 0
      ? t("Notifications")
      : count > 99
        ? t("Notifications, 99+ unread")
        : t("{count, plural, one {Notifications, # unread} other {Notifications, # unread}}", { count });
  return (
    <NavLink to="/notifications" aria-label={label} className="nav-link ms-auto flex md:ms-0">
      <BellIcon />
      <UnreadBadge count={count} />
    </NavLink>
  );
}

export function TopBar({ user, unread = 0, notifications = 0 }: { user: ShellUser; unread?: number; notifications?: number }) {
  const t = useT();
  return (
    <header className="top-bar">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        {/* The name is the same in every language. */}
        <Link to="/library" className="flex items-center gap-2 font-serif text-xl font-bold text-brand-800" translate="no">
          <BooksIcon className="h-6 w-6" />
          BookClub
        </Link>
        <nav aria-label={t("Main")} className="ms-auto hidden items-center gap-1 md:flex">
          {user ? (
            <>
              <NavLink to="/library" className="nav-link">
                {t("Browse Library")}
              </NavLink>
              <NavLink to="/my-books" end className="nav-link">
                {t("My Books")}
              </NavLink>
              <NavLink to="/wanted" className="nav-link">
                {t("Wanted books")}
              </NavLink>
              <Link to="/my-books" state={{ openAddBooks: true }} className="nav-link">
                {t("Add Books")}
              </Link>
              <NavLink to="/clubs" className="nav-link">
                {t("Clubs")}
              </NavLink>
              <NavLink to="/swap-toys" className="nav-link">
                {t("Swap Toys")}
              </NavLink>
              <NavLink to="/messages" className="nav-link">
                {t("Messages")}
                <UnreadBadge count={unread} />
              </NavLink>
              <NavLink to="/loans" className="nav-link">
                {t("Loans")}
              </NavLink>
              <NavLink to="/profile" className="nav-link">
                {t("Profile")}
              </NavLink>
              {user.moderator && (
                <NavLink to="/moderation" className="nav-link">
                  {t("Moderation")}
                </NavLink>
              )}
              <Form method="post" action="/logout" onSubmit={noteOwnSignOut}>
                <button type="submit" className="nav-link">
                  {t("Logout")}
                </button>
              </Form>
            </>
          ) : (
            <>
              <NavLink to="/library" className="nav-link">
                {t("Browse Library")}
              </NavLink>
              <NavLink to="/about" end className="nav-link">
                {t("About Us")}
              </NavLink>
              <NavLink to="/about/blogs" className="nav-link">
                {t("Blogs")}
              </NavLink>
              <NavLink to="/swap-toys" className="nav-link">
                {t("Swap Toys")}
              </NavLink>
              <Link to="/login" className="btn btn-primary ms-2">
                {t("Sign In")}
              </Link>
            </>
          )}
        </nav>
        {user && <NotificationsLink count={notifications} />}
      </div>
    </header>
  );
}
