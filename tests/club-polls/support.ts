import { clubPolls, pollOptions } from "@worker/db/schema";
import { db } from "../helpers/fixtures";
import { api, type Caller } from "../helpers/http";

/** One poll API call (`path` after /clubs/:id/polls) as a member (Bearer) or a visitor (null). */
export function pollApi<T = unknown>(method: string, clubId: string, path: string, caller: Caller, body?: unknown, options: { invalid?: boolean } = {}) {
  return api<T>(`/clubs/${clubId}/polls${path}`, caller, { method, json: body, auth: "bearer", invalid: options.invalid });
}

/** A poll written straight to the tables (the matrix tests spend no admin's write limit on it): its id and option ids, in order. */
export async function seedPoll(
  clubId: string,
  createdBy: string,
  { kind = "book" as "book" | "date" | "choice", labels = ["Dune", "Emma", "Ubik"], closedAt = null as number | null, hideResults = false } = {},
) {
  const pollId = crypto.randomUUID();
  const optionIds = labels.map(() => crypto.randomUUID());
  await db.insert(clubPolls).values({ id: pollId, clubId, kind, question: "What next?", createdBy, closedAt, hideResults, createdAt: Date.now() });
  await db.insert(pollOptions).values(
    labels.map((label, position) => ({
      id: optionIds[position]!,
      pollId,
      position,
      label,
      author: kind === "book" ? "Someone" : null,
      startsAt: kind === "date" ? Date.now() + (position + 1) * 86_400_000 : null,
    })),
  );
  return { pollId, optionIds };
}
