import { api, type Caller } from "../helpers/http";

export interface Milestone {
  milestoneId: string;
  position: number;
  label: string;
  dueOn: string | null;
  doneCount: number;
  sharedBy: { userId: string; name: string }[];
  mine: { done: boolean; shared: boolean };
}
export interface ClubBook {
  clubBookId: string;
  bookId: string | null;
  title: string;
  author: string;
  isbn13: string | null;
  cover: string | null;
  finishBy: string | null;
  startedAt: number;
  finishedAt: number | null;
}
export interface Reading {
  clubId: string;
  current: ClubBook | null;
  milestones: Milestone[];
  memberCount: number;
  canManage: boolean;
  canMark: boolean;
}
export interface Copy {
  bookId: string;
  title: string;
  owner: { userId: string; name: string };
  inClub: boolean;
  availability: "available" | "lent" | "promised";
  isMine: boolean;
  membersOnly: boolean;
}
export interface CopiesPage {
  items: Copy[];
  total: number;
  nextToken: string | null;
}
export interface ShelfPage {
  items: (ClubBook & { finishedAt: number })[];
  nextToken: string | null;
}

export const readingOf = (clubId: string, caller: Caller) => api<Reading>(`/clubs/${clubId}/reading`, caller);
export const setBook = (clubId: string, caller: Caller, body: unknown) => api<Reading>(`/clubs/${clubId}/reading`, caller, { method: "PUT", json: body });
export const finishBook = (clubId: string, caller: Caller) => api<Reading>(`/clubs/${clubId}/reading/finish`, caller, { method: "POST" });
export const putMilestones = (clubId: string, caller: Caller, milestones: unknown[]) =>
  api<Reading>(`/clubs/${clubId}/reading/milestones`, caller, { method: "PUT", json: { milestones } });
export const mark = (clubId: string, milestoneId: string, caller: Caller, shared = false) =>
  api<Reading>(`/clubs/${clubId}/reading/milestones/${milestoneId}/progress`, caller, { method: "PUT", json: { shared } });
export const unmark = (clubId: string, milestoneId: string, caller: Caller) =>
  api<Reading>(`/clubs/${clubId}/reading/milestones/${milestoneId}/progress`, caller, { method: "DELETE" });
export const copiesOf = (clubId: string, caller: Caller, query = "") => api<CopiesPage>(`/clubs/${clubId}/reading/copies${query}`, caller);
export const shelfOf = (clubId: string, caller: Caller, query = "") => api<ShelfPage>(`/clubs/${clubId}/shelf${query}`, caller);
