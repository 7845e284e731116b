export { devSignInAllowed } from "./dev-sign-in";
export { sessionUser } from "./resolve-user";
export { sessionsDeletionPart } from "./sign-out";
