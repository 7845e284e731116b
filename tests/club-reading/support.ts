import type { ClubReading as Reading, ShelfPage } from "@worker/features/club-reading/club-book";
import type { CopiesPage } from "@worker/features/club-reading/copies";
import { api, type Caller } from "../helpers/http";

// The answers' types are the services' own (the API sends them as JSON unchanged).
export const readingOf = (clubId: string, caller: Caller) => api<Reading>(`/clubs/${clubId}/reading`, caller);
export const setBook = (clubId: string, caller: Caller, body: unknown) => api<Reading>(`/clubs/${clubId}/reading`, caller, { method: "PUT", json: body });
export const finishBook = (clubId: string, caller: Caller) => api<Reading>(`/clubs/${clubId}/reading/finish`, caller, { method: "POST" });
export const putMilestones = (clubId: string, caller: Caller, milestones: unknown[], invalid = false) =>
  api<Reading>(`/clubs/${clubId}/reading/milestones`, caller, { method: "PUT", json: { milestones }, invalid });
export const mark = (clubId: string, milestoneId: string, caller: Caller, shared = false) =>
  api<Reading>(`/clubs/${clubId}/reading/milestones/${milestoneId}/progress`, caller, { method: "PUT", json: { shared } });
export const unmark = (clubId: string, milestoneId: string, caller: Caller) =>
  api<Reading>(`/clubs/${clubId}/reading/milestones/${milestoneId}/progress`, caller, { method: "DELETE" });
export const copiesOf = (clubId: string, caller: Caller, query = "") => api<CopiesPage>(`/clubs/${clubId}/reading/copies${query}`, caller);
export const shelfOf = (clubId: string, caller: Caller, query = "", invalid = false) => api<ShelfPage>(`/clubs/${clubId}/shelf${query}`, caller, { invalid });
