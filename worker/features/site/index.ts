export { interestApi } from "./api";
