export { useGeolocation } from "./use-geolocation";
