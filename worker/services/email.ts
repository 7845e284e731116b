import { z } from "zod";
import { SIMPLE_EMAIL } from "../shared/rules";

/** An e-mail as the product accepts it (the spec's simple pattern), stored lower-case. */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(SIMPLE_EMAIL, "Please enter a valid email address")
  .transform((email) => email.toLowerCase());
