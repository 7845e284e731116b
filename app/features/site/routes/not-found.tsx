import { redirect } from "react-router";

// Every unknown path goes to the sign-in page (docs/product.md#screens).
export const loader = () => redirect("/login");
export const action = loader;
