import { NavigationStatus } from "~/ui/navigation-status";
import { SessionExpiredListener } from "~/ui/session-expired";

/**
 * What the page needs only once it is interactive: the bar shown while the next page loads, and the
 * listener that signs a tab out when its session has expired. Loaded after hydration, so the first
 * paint's JavaScript does not carry them.
 */
export default function AfterHydration() {
  return (
    <>
      <SessionExpiredListener />
      <NavigationStatus />
    </>
  );
}
