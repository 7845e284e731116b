import { Outlet } from "react-router";
import { requireMember } from "~/core/route-context.server";
import type { Route } from "./+types/member-layout";

// Middleware runs before any child loader or action, so no member-only data is read for visitors.
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }) => {
    requireMember(context);
  },
];

export default function MemberLayout() {
  return <Outlet />;
}
