import { Form, Link, NavLink, useLocation } from "react-router";
import { noteOwnSignOut } from "~/core/session-events";
import type { ShellUser } from "./shell.server";
import { ChatIcon, LibraryIcon, MoreIcon, PlusIcon, BooksIcon, UserIcon } from "~/ui/icons";
import { UnreadBadge } from "./top-bar";

// The highlighted item is the one whose aria-current is set (NavLink sets it on the current page).
const item = "flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium text-stone-700 aria-[current]:text-brand-800";
const menuItem = "flex w-full items-center px-4 py-3 text-left text-base font-medium text-stone-800 hover:bg-stone-100 aria-[current]:bg-brand-50 aria-[current]:text-brand-800";

type MoreItem = [to: string, label: string, count?: number];

/**
 * Phone navigation. The five slots go to what a member does most: browse the Library, look after
 * My Books, Add books, read Messages; everything else on the desktop bar (Clubs, Loans,
 * Notifications, Profile, Moderation, Swap Toys, Logout) is one tap away under "More". Visitors
 * get the Library, Add and Messages (which lead to sign-in), the public pages under "More", and
 * Sign In. "More" is a <details>: no script of its own.
 */
export function BottomBar({ user, unread = 0, notifications = 0 }: { user: ShellUser; unread?: number; notifications?: number }) {
  const location = useLocation();
  const more: MoreItem[] = user
    ? [
        ["/clubs", "Clubs"],
        ["/loans", "Loans"],
        ["/notifications", "Notifications", notifications],
        ["/profile", "Profile"],
        ...(user.moderator ? [["/moderation", "Moderation"] as MoreItem] : []),
        ["/swap-toys", "Swap Toys"],
      ]
    : [
        ["/about", "About Us"],
        ["/about/blogs", "Blogs"],
        ["/swap-toys", "Swap Toys"],
      ];
  // "More" is highlighted while the page is one of its own, so one item at most is highlighted.
  const inMore = more.some(([to]) => location.pathname === to || location.pathname.startsWith(`${to}/`));
  return (
    <nav
      aria-label="Mobile"
      className="fixed inset-x-0 bottom-0 z-40 flex border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <NavLink to="/library" className={item}>
        <LibraryIcon />
        Library
      </NavLink>
      {user && (
        <NavLink to="/my-books" end className={item}>
          <BooksIcon />
          My Books
        </NavLink>
      )}
      {/* Links, not NavLinks: for a visitor they lead to /login, where only "Sign In" is lit. */}
      <Link to={user ? "/my-books" : "/login"} state={user ? { openAddBooks: true } : undefined} className={item}>
        <PlusIcon />
        Add
      </Link>
      <Link to={user ? "/messages" : "/login"} aria-current={user && location.pathname.startsWith("/messages") ? "page" : undefined} className={item}>
        <ChatIcon />
        <span>
          Messages
          <UnreadBadge count={unread} />
        </span>
      </Link>
      {/* Keyed by the location, so the menu is closed again on the page the reader picked. */}
      <details key={location.key} className="group flex flex-1">
        {/* Open, the summary's ::before covers the screen: a tap outside the menu closes it. */}
        <summary
          aria-current={inMore ? "true" : undefined}
          className={`${item} h-full cursor-pointer list-none before:bg-stone-900/30 group-open:before:fixed group-open:before:inset-0 group-open:before:content-[''] [&::-webkit-details-marker]:hidden`}
        >
          <MoreIcon />
          More
        </summary>
        <ul aria-label="More" className="absolute inset-x-0 bottom-full z-10 border-t border-stone-200 bg-white py-2 shadow-lg">
          {more.map(([to, label, count]) => (
            <li key={to}>
              <NavLink to={to} end={to === "/about"} className={menuItem}>
                {label}
                {count !== undefined && <UnreadBadge count={count} />}
              </NavLink>
            </li>
          ))}
          {user && (
            <li>
              <Form method="post" action="/logout" onSubmit={noteOwnSignOut}>
                <button type="submit" className={menuItem}>
                  Logout
                </button>
              </Form>
            </li>
          )}
        </ul>
      </details>
      {!user && (
        <NavLink to="/login" className={item}>
          <UserIcon />
          Sign In
        </NavLink>
      )}
    </nav>
  );
}
