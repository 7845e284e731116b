import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import type { Route } from "./+types/messages-index";

// Its only data is the catalogue, which a page keeps until it is reloaded in another language.
export const shouldRevalidate = () => false;

export async function loader({ context }: Route.LoaderArgs) {
  return { catalogue: await pageMessages(context, "messages") };
}

export default function NoConversationOpen() {
  const t = useT();
  return <p className="m-auto p-6 text-center text-stone-700">{t("Select a conversation to start messaging.")}</p>;
}
