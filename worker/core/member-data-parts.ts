import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Deps, ServiceContext, SessionUser } from "./service-context";

/**
 * The shapes a feature's part of "Download all my data" and of "Delete my account" take. Each
 * feature exports its parts next to its services; the account code (data-download.ts,
 * account-deletion.ts) lists and composes them, and tests/account/member-tables.unit.test.ts fails
 * when a table holding a member id is declared by no part. Types only, so that features and the
 * account code both import this file and neither imports the other for it.
 */

/** One table a part answers for, and what it does with the member's rows there, in a few words. */
export interface TableCover {
  table: SQLiteTable;
  how: string;
}

/** Where a part writes its files: one entry at a time, so a large zip never sits in memory whole. */
export interface AccountZip {
  /** A JSON file (deflated). */
  json(name: string, value: unknown): Promise<void>;
  /** A file stored as it is (images are already compressed), streamed from its body. */
  file(name: string, body: ReadableStream<Uint8Array> | Uint8Array): Promise<void>;
}

/** A feature's part of the member's data zip. */
export interface AccountDataPart {
  name: string;
  covers: TableCover[];
  /** The files it adds, as README.json lists them. */
  files: string[];
  write(deps: Deps, userId: string, zip: AccountZip): Promise<void>;
}

/** The member being deleted, with the request's database, bindings and session. */
export type DeletingMember = ServiceContext & { user: SessionUser };

/** The member's account deletion totals that parts report (the API answers them). */
export interface DeletionCounts {
  clubsHandedOver: number;
  clubsDeleted: number;
}

/** What a part adds to a member's deletion: read before anything is written. */
export interface MemberDeletion {
  /** Statements for the one D1 batch (one transaction), in order. */
  statements?: BatchItem<"sqlite">[];
  /** MEDIA prefixes holding only this member's objects: everything under them goes. */
  mediaPrefixes?: string[];
  /** Other MEDIA keys the member's rows pointed at; each goes unless a remaining book still shows it. */
  mediaKeys?: (string | null)[];
  /** The totals this part reports, from its own statements' results. */
  counts?(results: unknown[]): Partial<DeletionCounts>;
  /** Runs once the batch has committed (in the parts' order), before the R2 objects go. */
  after?(): Promise<void>;
}

/** A feature's part of "Delete my account". */
export interface AccountDeletionPart {
  name: string;
  covers: TableCover[];
  /** Tables another part answers for whose rows this one also changes on the way, and how. */
  alsoChanges?: TableCover[];
  plan(member: DeletingMember, now: number): Promise<MemberDeletion>;
}

/** A file extension for a media object: from its key, else from its content type. */
export const mediaExtension = (key: string, contentType?: string) => {
  const fromKey = key.match(/\.([a-z0-9]{2,5})$/i)?.[1];
  if (fromKey) return fromKey.toLowerCase();
  return contentType?.split("/")[1]?.replace("jpeg", "jpg").replace("svg+xml", "svg") ?? "bin";
};
