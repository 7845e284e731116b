import { msg } from "@worker/core/shared/translate";
import { Form, Link, NavLink, useLocation } from "react-router";
import { useT } from "~/core/i18n";
import { noteOwnSignOut } from "~/core/session-events";
import { BooksIcon, ChatIcon, LibraryIcon, MoreIcon, PlusIcon, UserIcon } from "~/ui/icons";
import type { ShellUser } from "./shell.server";
import { UnreadBadge } from "./top-bar";

// bar-item and menu-item (app.css) light the item whose aria-current is set.

/** A link of the "More" menu; its label is a catalogue text. */
type MoreItem = [to: string, label: string, count?: number];

/**
 * Phone navigation. The five slots go to what a member does most: browse the Library, look after
 * My Books, Add books, read Messages; everything else on the desktop bar (Wanted books, Clubs, Loans,
 * Notifications, Profile, Moderation, Swap Toys, Logout) is one tap away under "More". Visitors
 * get the Library, Add and Messages (which lead to sign-in, saying why, and back), the public pages under "More", and
 * Sign In. "More" is a <details>: no script of its own.
 */
export function BottomBar({ user, unread = 0, notifications = 0 }: { user: ShellUser; unread?: number; notifications?: number }) {
  const t = useT();
  const location = useLocation();
  const more: MoreItem[] = user
    ? [
        ["/wanted", msg("Wanted books")],
        ["/clubs", msg("Clubs")],
        ["/loans", msg("Loans")],
        ["/notifications", msg("Notifications"), notifications],
        ["/profile", msg("Profile")],
        ...(user.moderator ? [["/moderation", msg("Moderation")] as MoreItem] : []),
        ["/swap-toys", msg("Swap Toys")],
      ]
    : [
        ["/about", msg("About Us")],
        ["/about/blogs", msg("Blogs")],
        ["/swap-toys", msg("Swap Toys")],
      ];
  // "More" is highlighted while the page is one of its own, so one item at most is highlighted.
  const inMore = more.some(([to]) => location.pathname === to || location.pathname.startsWith(`${to}/`));
  return (
    <nav aria-label={t("Mobile")} className="bottom-bar">
      <NavLink to="/library" className="bar-item">
        <LibraryIcon />
        {t("Library")}
      </NavLink>
      {user && (
        <NavLink to="/my-books" end className="bar-item">
          <BooksIcon />
          {t("My Books")}
        </NavLink>
      )}
      {/* Links, not NavLinks. ?add=1 opens Add Books (as the installed app's shortcut does); a visitor is sent
          on to /login ("Sign in to add your books"), where only "Sign In" is lit, and comes back to it after. */}
      <Link to="/my-books?add=1" className="bar-item">
        <PlusIcon />
        {t("Add")}
      </Link>
      <Link to="/messages" aria-current={user && location.pathname.startsWith("/messages") ? "page" : undefined} className="bar-item">
        <ChatIcon />
        <span>
          {t("Messages")}
          <UnreadBadge count={unread} />
        </span>
      </Link>
      {/* Keyed by the location, so the menu is closed again on the page the reader picked. */}
      <details key={location.key} className="group flex flex-1">
        {/* Open, the summary's ::before covers the screen: a tap outside the menu closes it. */}
        <summary
          aria-current={inMore ? "true" : undefined}
          className="bar-item h-full group-open:before:fixed group-open:before:inset-0 group-open:before:bg-stone-900/30"
        >
          <MoreIcon />
          {t("More")}
        </summary>
        <ul aria-label={t("More")} className="more-menu">
          {more.map(([to, label, count]) => (
            <li key={to}>
              <NavLink to={to} end={to === "/about"} className="menu-item">
                {t(label)}
                {count !== undefined && <UnreadBadge count={count} />}
              </NavLink>
            </li>
          ))}
          {user && (
            <li>
              <Form method="post" action="/logout" onSubmit={noteOwnSignOut}>
                <button type="submit" className="menu-item">
                  {t("Logout")}
                </button>
              </Form>
            </li>
          )}
        </ul>
      </details>
      {!user && (
        <NavLink to="/login" className="bar-item">
          <UserIcon />
          {t("Sign In")}
        </NavLink>
      )}
    </nav>
  );
}
