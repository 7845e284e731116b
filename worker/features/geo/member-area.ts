import { badRequest, requireUser } from "@worker/core/errors";
import { publish } from "@worker/core/events/registry";
import { translate } from "@worker/core/i18n/request-language";
import type { ServiceContext } from "@worker/core/service-context";
import { type Cell, cellOf } from "@worker/core/shared/area-cells";
import { coarsenLocationText } from "@worker/core/shared/coarse-place";
import { msg } from "@worker/core/shared/translate";
import type { Database } from "@worker/db/client";
import { memberAreas } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { type GeocodeRequest, geocodePlaceText, reverseGeocode } from "./geocoding";
import { LOCATION_TEXT_MAX } from "./location-text";
import { NEAR_ME_NO_AREA } from "./near-position";

export const AREA_NEEDS_ONE = msg("Send your position (lat and lon) or a place's name.");
export const AREA_PLACE_NOT_FOUND = msg("We couldn't find that place. Try a town or city name.");

const degree = (name: string, limit: number) => {
  const outOfRange = { error: () => translate("{name} must be between -{limit} and {limit}", { name, limit }) };
  return z
    .number({ error: () => translate("{name} must be a decimal number", { name }) })
    .min(-limit, outOfRange)
    .max(limit, outOfRange);
};

/** "My area" from the browser's position or a typed place: one of the two, whole. */
export const setMemberAreaSchema = z
  .strictObject({
    lat: degree("lat", 90).optional(),
    lon: degree("lon", 180).optional(),
    place: z
      .string({ error: () => translate("place must be text") })
      .trim()
      .min(1, { error: () => translate("Please type a place's name.") })
      .max(LOCATION_TEXT_MAX, { error: () => translate("A place's name is at most {max} characters.", { max: LOCATION_TEXT_MAX }) })
      .optional(),
  })
  .refine((input) => (input.place === undefined ? input.lat !== undefined && input.lon !== undefined : input.lat === undefined && input.lon === undefined), {
    error: () => translate(AREA_NEEDS_ONE),
  });
export type SetMemberArea = z.output<typeof setMemberAreaSchema>;

/** What a member is told of their own area: its place's name, never the cell. */
export interface MemberAreaView {
  place: string | null;
}

export async function findMemberArea(ctx: ServiceContext): Promise<MemberAreaView> {
  requireUser(ctx);
  const [row] = await ctx.db.select({ place: memberAreas.place }).from(memberAreas).where(eq(memberAreas.userId, ctx.user.id)).limit(1);
  return { place: row?.place ?? null };
}

/**
 * Sets "My area". Only the 0.01° cell and a coarse place name are kept: a position is named by the
 * maps service (or written as its rounded coordinates), a typed place is looked up and kept as typed.
 */
export async function setMemberArea(ctx: ServiceContext, input: SetMemberArea, request: GeocodeRequest): Promise<MemberAreaView> {
  requireUser(ctx);
  let cell: Cell;
  let place: string;
  if (input.place !== undefined) {
    const typed = coarsenLocationText(input.place);
    const point = await geocodePlaceText(ctx, typed, request);
    if (!point) throw badRequest(AREA_PLACE_NOT_FOUND);
    cell = cellOf(point);
    place = typed;
  } else {
    const position = { lat: input.lat ?? 0, lon: input.lon ?? 0 };
    cell = cellOf(position);
    place = (await reverseGeocode(ctx, position, request)).location;
  }
  const values = { ...cell, place, updatedAt: Date.now() };
  // The triggers on member_areas copy the cell onto the member's books.
  await ctx.db
    .insert(memberAreas)
    .values({ userId: ctx.user.id, ...values })
    .onConflictDoUpdate({ target: memberAreas.userId, set: values });
  // What is near the member changed: their wanted books are matched again (the wanted feature).
  await publish(ctx, { type: "geo.area_changed", userId: ctx.user.id, at: values.updatedAt });
  return { place };
}

/** Clears "My area": the cell goes, from the member and (by trigger) from their books. */
export async function clearMemberArea(ctx: ServiceContext): Promise<MemberAreaView> {
  requireUser(ctx);
  await ctx.db.delete(memberAreas).where(eq(memberAreas.userId, ctx.user.id));
  await publish(ctx, { type: "geo.area_changed", userId: ctx.user.id, at: Date.now() });
  return { place: null };
}

/**
 * Where "near me" measures from: a one-off position (its cell; never stored), else the signed-in
 * member's area; null with neither. `required` answers 400 instead of null.
 */
export async function originCell(ctx: ServiceContext, position: { lat?: number; lon?: number }, required = false): Promise<Cell | null> {
  if (position.lat !== undefined && position.lon !== undefined) return cellOf({ lat: position.lat, lon: position.lon });
  const cell = await viewerCell(ctx);
  if (!cell && required) throw badRequest(NEAR_ME_NO_AREA);
  return cell;
}

/** The signed-in member's cell (null for a visitor or without an area), as read with their session when it was. */
export async function viewerCell(ctx: ServiceContext): Promise<Cell | null> {
  if (!ctx.user) return null;
  return ctx.areaCell !== undefined ? ctx.areaCell : memberCell(ctx.db, ctx.user.id);
}

/** A member's cell, for the features that measure distances on the server; null without an area. */
export async function memberCell(db: Database, userId: string): Promise<Cell | null> {
  const [row] = await db
    .select({ cellLat: memberAreas.cellLat, cellLon: memberAreas.cellLon })
    .from(memberAreas)
    .where(eq(memberAreas.userId, userId))
    .limit(1);
  return row ?? null;
}
