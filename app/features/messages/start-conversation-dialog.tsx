import { Form, Link, useNavigation } from "react-router";
import { useT } from "~/core/i18n";
import { Dialog } from "~/ui/dialog";
import { TextField } from "~/ui/field";

/**
 * 'Start a Conversation' (docs/product.md#messages): one field that takes a member's e-mail (anything with '@')
 * or their member id. Rendered by the Messages layout, it posts to that route's action, which
 * looks the member up, opens the conversation and goes to it: it works before hydration too.
 */
export function StartConversationDialog({
  open,
  onClose,
  cancelHref,
  error,
}: {
  open: boolean;
  onClose: () => void;
  cancelHref: string;
  /** Why the last try failed ('No user found with that email', …). */
  error?: string;
}) {
  const navigation = useNavigation();
  const t = useT();
  const starting = navigation.state !== "idle" && navigation.formData?.get("intent") === "start";
  return (
    <Dialog open={open} onClose={onClose} title={t("Start a Conversation")} busy={starting}>
      {open && (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="start" />
          <TextField
            label={t("Email or member ID")}
            hint={t("An e-mail address is looked up by e-mail; anything else is taken as a member ID.")}
            error={error}
            name="query"
            type="text"
            required
            maxLength={254}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
          <div className="flex flex-wrap justify-end gap-3 border-t border-stone-200 pt-4">
            <Link to={cancelHref} replace preventScrollReset defaultShouldRevalidate={false} className="btn btn-secondary">
              {t("Cancel")}
            </Link>
            <button type="submit" className="btn btn-primary" disabled={starting}>
              {starting ? t("Starting…") : t("Start Conversation")}
            </button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
