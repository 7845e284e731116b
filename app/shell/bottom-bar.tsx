import { Link, NavLink } from "react-router";
import type { ShellUser } from "./shell.server";
import { ChatIcon, LibraryIcon, PlusIcon, ToyIcon, UserIcon } from "~/ui/icons";
import { UnreadBadge } from "./top-bar";

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium ${isActive ? "text-brand-800" : "text-stone-700"}`;

/** Mobile navigation: Library, Swap Toys, Add, Messages, and Profile or Sign In. */
export function BottomBar({ user, unread = 0 }: { user: ShellUser; unread?: number }) {
  return (
    <nav
      aria-label="Mobile"
      className="fixed inset-x-0 bottom-0 z-40 flex border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <NavLink to="/library" className={itemClass}>
        <LibraryIcon />
        Library
      </NavLink>
      <NavLink to="/swap-toys" className={itemClass}>
        <ToyIcon />
        Swap Toys
      </NavLink>
      <Link to={user ? "/my-books" : "/login"} state={user ? { openAddBooks: true } : undefined} className={itemClass({ isActive: false })}>
        <PlusIcon />
        Add
      </Link>
      <NavLink to={user ? "/messages" : "/login"} className={itemClass}>
        <span className="relative">
          <ChatIcon />
        </span>
        <span>
          Messages
          <UnreadBadge count={unread} />
        </span>
      </NavLink>
      {user ? (
        <NavLink to="/profile" className={itemClass}>
          <UserIcon />
          Profile
        </NavLink>
      ) : (
        <NavLink to="/login" className={itemClass}>
          <UserIcon />
          Sign In
        </NavLink>
      )}
    </nav>
  );
}
