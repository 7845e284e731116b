export { WantButton } from "./want-button";
export { WantedNear } from "./wanted-near";
