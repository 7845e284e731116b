import { Link } from "react-router";

/** "Club room (N unread)" on the club page, for active members (`unread` null: not one, nothing shown). */
export function ClubRoomLink({ clubId, unread }: { clubId: string; unread: number | null }) {
  if (unread === null) return null;
  return (
    <Link to={`/clubs/${clubId}/room`} className="btn btn-secondary">
      Club room{unread > 0 ? ` (${unread.toLocaleString("en-US")} unread)` : ""}
    </Link>
  );
}

/** My Clubs' card line: the room's unread count, linking to it. */
export function ClubRoomUnread({ clubId, unread }: { clubId: string; unread: number }) {
  return (
    <Link to={`/clubs/${clubId}/room`} className="text-sm font-medium text-brand-700 hover:underline">
      {unread > 0 ? `Club room: ${unread.toLocaleString("en-US")} unread` : "Club room"}
    </Link>
  );
}
