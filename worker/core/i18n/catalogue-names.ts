/**
 * Every message catalogue by name: each feature's folder that has messages/, and "core". A literal
 * list so a page that names a catalogue (pageMessages) is checked by tsc; a unit test keeps it equal
 * to the folders.
 */
export const CATALOGUE_NAMES = [
  "account",
  "auth",
  "books",
  "club-meetings",
  "club-polls",
  "club-reading",
  "club-room",
  "clubs",
  "comments",
  "core",
  "covers",
  "follows",
  "geo",
  "imports",
  "loans",
  "messages",
  "moderation",
  "notifications",
  "push",
  "pwa",
  "site",
  "voice",
  "wanted",
] as const;

export type CatalogueName = (typeof CATALOGUE_NAMES)[number];
