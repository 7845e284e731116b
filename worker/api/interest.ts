import { Hono } from "hono";
import { serviceContext, type AppEnv } from "../http/app-env";
import { clientAddress } from "../http/client-address";
import { interestSchema, registerSwapToysInterest, swapToysProgress } from "../services/interest";
import { ok } from "./envelope";
import { jsonBody } from "./validate";

export const interestApi = new Hono<AppEnv>()
  .get("/swap-toys", async (c) => ok(c, await swapToysProgress(serviceContext(c))))
  .post("/swap-toys", jsonBody(interestSchema), async (c) =>
    ok(c, await registerSwapToysInterest(serviceContext(c), c.req.valid("json"), clientAddress(c.req.raw)), 201),
  );
