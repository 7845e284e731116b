import { ok } from "@worker/core/api/envelope";
import { doc } from "@worker/core/api/openapi";
import { jsonBody } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { clientAddress } from "@worker/core/http/client-address";
import { Hono } from "hono";
import { interestProgressView, interestRegisteredView } from "./api-schemas";
import { interestSchema, registerSwapToysInterest, swapToysProgress } from "./interest";

export const interestApi = new Hono<AppEnv>()
  .get(
    "/swap-toys",
    doc("GET", {
      summary: "Swap Toys progress",
      who: "anyone",
      tags: ["Interest"],
      data: interestProgressView,
      description: "How many people registered interest in Swap Toys, and the goal.",
    }),
    async (c) => ok(c, await swapToysProgress(serviceContext(c))),
  )
  .post(
    "/swap-toys",
    doc("POST", {
      summary: "Register an e-mail for Swap Toys",
      who: "anyone",
      tags: ["Interest"],
      status: 201,
      data: interestRegisteredView,
      description:
        "`email`, and optionally `from` (the page it was sent from). An address registers once (trimmed, lower-case); registering it again is not an error and does not count twice. 5 a minute per client IP address (429 `Too many registrations from your network. Please wait a minute and try again.`). Answers the progress.",
    }),
    jsonBody(interestSchema),
    async (c) => ok(c, await registerSwapToysInterest(serviceContext(c), c.req.valid("json"), clientAddress(c.req.raw)), 201),
  );
