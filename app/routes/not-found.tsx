import { redirect } from "react-router";

// The spec sends every unknown path to the sign-in page.
export const loader = () => redirect("/login");
export const action = loader;
