import { DATA_EXPORT_STATES } from "@worker/db/schema";
import { z } from "zod";

// What the account routes answer in `data`, for the API reference (services' own types stay the source).

/** A URL to show a picture: `/media/...` for an upload, or Google's https address; null when there is none. */
const pictureUrl = z.string().nullable();

/** Another member as the viewer may see them (profiles.ts PublicUser). */
export const publicUserView = z.looseObject({
  userId: z.string(),
  name: z.string(),
  /** Null unless the viewer may see it (email-visibility.ts). */
  email: z.string().nullable(),
  profilePicture: pictureUrl,
  bio: z.string().nullable(),
});

/** The signed-in member's own profile (profiles.ts OwnProfile). */
export const ownProfileView = z.looseObject({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  bio: z.string(),
  profilePicture: pictureUrl,
  /** An IANA zone. */
  timezone: z.string(),
  /** One of en, es, fr, de, ar, ja; null follows the browser. */
  language: z.string().nullable(),
  showEmail: z.boolean(),
});

/** The exact e-mail look-up's member. */
export const userLookupView = z.looseObject({ userId: z.string(), name: z.string(), email: z.string() });

export const profilePictureView = z.looseObject({
  /** The stored picture's `/media/...` URL, to save with PUT /api/users/me. */
  profilePicture: z.string(),
});

/** A background zip of the member's data (data-download.ts DataExportView); times are epoch milliseconds. */
export const dataExportView = z.looseObject({
  exportId: z.uuid(),
  state: z.enum(DATA_EXPORT_STATES),
  sizeBytes: z.int().nonnegative().nullable(),
  expiresAt: z.int().nullable(),
  createdAt: z.int(),
  /** The owner's download page while the zip is ready. */
  downloadUrl: z.string().nullable(),
});

/** A book that keeps the account open (account-deletion.ts DeletionBlocker). */
export const deletionBlockerView = z.looseObject({
  bookId: z.string(),
  title: z.string(),
  /** "lent": the member's book is out with `otherName`; "held": they hold `otherName`'s book. */
  side: z.enum(["lent", "held"]),
  otherName: z.string().nullable(),
});

export const deletionBlockersView = z.looseObject({ blockers: z.array(deletionBlockerView) });

export const accountDeletedView = z.looseObject({
  deleted: z.literal(true),
  /** Clubs the member created that went to another member, and those deleted for want of one. */
  clubsHandedOver: z.int().nonnegative(),
  clubsDeleted: z.int().nonnegative(),
});

/** The start card: its three steps, each true once done; null once the member put it away. */
export const startStepsView = z.looseObject({
  steps: z.looseObject({ books: z.boolean(), area: z.boolean(), club: z.boolean() }).nullable(),
});
