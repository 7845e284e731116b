import { Hono } from "hono";
import { serviceContext, type AppEnv } from "../http/app-env";
import { browseClubs, browseClubsQuerySchema, clubIdParams, findClubForMember, listMyClubs } from "../services/clubs";
import { notFound } from "../services/errors";
import { ok } from "./envelope";
import { membersOnly } from "./members-only";
import { zv } from "./validate";

/** Read-only club endpoints for members; joining, creating and managing clubs come with club management. */
export const clubsApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .get("/", async (c) => ok(c, await listMyClubs(serviceContext(c))))
  // Before /:id, so "browse" is not taken for a club id.
  .get("/browse", zv("query", browseClubsQuerySchema), async (c) => ok(c, await browseClubs(serviceContext(c), c.req.valid("query"))))
  .get("/:id", zv("param", clubIdParams), async (c) => {
    const club = await findClubForMember(serviceContext(c), c.req.valid("param").id);
    if (!club) throw notFound("Club not found");
    return ok(c, club);
  });
