/** The two counts the bars show; apart from use-unread-count.ts, which loads unread-live.ts that updates them. */
export interface UnreadCounts {
  /** The Messages badge. */
  unread: number;
  /** The bell. */
  notifications: number;
}
