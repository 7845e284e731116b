import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { Hono } from "hono";
import { wantedAddedView, wantedNearView, wantedPageView, wantedRadiusView, wantedRemovedView } from "./api-schemas";
import {
  addWanted,
  addWantedSchema,
  listWanted,
  removeWanted,
  setWantedRadius,
  WANTED_BOOK_NOT_FOUND,
  WANTED_FULL,
  WANTED_ISBN_UNKNOWN,
  WANTED_MAX,
  WANTED_NEEDS_AREA,
  WANTED_NOT_FOUND,
  WANTED_OWN_BOOK,
  WANTED_RADII_KM,
  wantedListQuery,
  wantedNearMe,
  wantedParams,
  wantedRadiusSchema,
} from "./wanted";

const tags = ["Wanted books"];

/** A member's wanted books: /api/wanted. Members only. */
export const wantedApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .get(
    "/",
    doc("GET", {
      summary: "My wanted books",
      who: "member",
      tags,
      data: wantedPageView,
      description:
        "Newest first, 50 a page (pass `nextToken` for older ones). Each says how many copies were found within my radius (`copiesNear`); `hasArea` false means none can be, until I set my area.",
    }),
    zv("query", wantedListQuery),
    async (c) => ok(c, await listWanted(serviceContext(c), c.req.valid("query"))),
  )
  .post(
    "/",
    doc("POST", {
      summary: "Want a book",
      who: "member",
      tags,
      data: wantedAddedView,
      errors: [404, 409],
      description: `Adds a book to my wanted list, one of three ways: \`bookId\` (a listed book's page, even far away), \`isbn\` (ISBN-10 or 13, its title looked up; 404 \`${WANTED_ISBN_UNKNOWN}\` when the services know none), or \`title\` and \`author\`. Wanting it again changes nothing (\`created\` false). When a copy is listed, returned or freed within my radius, I am told through "A book you want is available near you". 404 \`${WANTED_BOOK_NOT_FOUND}\`; 409 \`${WANTED_OWN_BOOK}\`; 409 \`${WANTED_FULL}\` past ${WANTED_MAX}.`,
    }),
    zv("json", addWantedSchema),
    async (c) => ok(c, await addWanted(serviceContext(c), c.req.valid("json"))),
  )
  .get(
    "/near",
    doc("GET", {
      summary: "Wanted, near you",
      who: "member",
      tags,
      data: wantedNearView,
      description:
        "Copies of my wanted books free to borrow now within my radius, nearest first (at most 6), each with its rounded `distanceKm`. Empty without an area.",
    }),
    async (c) => ok(c, { items: await wantedNearMe(serviceContext(c)) }),
  )
  .put(
    "/radius",
    doc("PUT", {
      summary: "How far I would go for a wanted book",
      who: "member",
      tags,
      data: wantedRadiusView,
      errors: [409],
      description: `\`radiusKm\`: one of ${WANTED_RADII_KM.join(", ")} (25 by default). It rides on my area: 409 \`${WANTED_NEEDS_AREA}\` without one.`,
    }),
    zv("json", wantedRadiusSchema),
    async (c) => ok(c, await setWantedRadius(serviceContext(c), c.req.valid("json"))),
  )
  .delete(
    "/:id",
    doc("DELETE", {
      summary: "Stop wanting a book",
      who: "member",
      tags,
      data: wantedRemovedView,
      errors: [404],
      description: `404 \`${WANTED_NOT_FOUND}\` for another member's or an unknown id.`,
    }),
    zv("param", wantedParams),
    async (c) => ok(c, await removeWanted(serviceContext(c), c.req.valid("param").id)),
  );
