import { Hono } from "hono";
import { serviceContext, type AppEnv } from "@worker/core/http/app-env";
import { clientAddress } from "@worker/core/http/client-address";
import { interestSchema, registerSwapToysInterest, swapToysProgress } from "./interest";
import { ok } from "@worker/core/api/envelope";
import { jsonBody } from "@worker/core/api/validate";

export const interestApi = new Hono<AppEnv>()
  .get("/swap-toys", async (c) => ok(c, await swapToysProgress(serviceContext(c))))
  .post("/swap-toys", jsonBody(interestSchema), async (c) =>
    ok(c, await registerSwapToysInterest(serviceContext(c), c.req.valid("json"), clientAddress(c.req.raw)), 201),
  );
