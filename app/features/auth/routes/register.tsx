import { redirect } from "react-router";

// Accounts are created by signing in; there is no separate registration.
export const loader = () => redirect("/login");
export const action = loader;
