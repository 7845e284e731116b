import { Link } from "react-router";
import { useT } from "~/core/i18n";

/** "Club room (N unread)" on the club page, for active members (`unread` null: not one, nothing shown). */
export function ClubRoomLink({ clubId, unread }: { clubId: string; unread: number | null }) {
  const t = useT();
  if (unread === null) return null;
  return (
    <Link to={`/clubs/${clubId}/room`} className="btn btn-secondary">
      {unread > 0 ? t("Club room ({count, plural, other {# unread}})", { count: unread }) : t("Club room")}
    </Link>
  );
}

/** My Clubs' card line: the room's unread count, linking to it. */
export function ClubRoomUnread({ clubId, unread }: { clubId: string; unread: number }) {
  const t = useT();
  return (
    <Link to={`/clubs/${clubId}/room`} className="text-sm font-medium text-brand-700 hover:underline">
      {unread > 0 ? t("Club room: {count, plural, other {# unread}}", { count: unread }) : t("Club room")}
    </Link>
  );
}
