import { Form, Link, useNavigation } from "react-router";
import { useT } from "~/core/i18n";
import { Dialog } from "~/ui/dialog";
import { FieldError } from "~/ui/field-error";

/**
 * Block or Unblock asks first, in a dialog whose open state lives in the address (`?dialog=block`),
 * and posts `intent=block|unblock` to the page it is on; it works before hydration too. Blocking
 * stops both members writing to each other; the messages already written stay. Its texts are the
 * messages catalogue's: a page that shows it sends that namespace too.
 */
export function BlockMemberDialog({
  open,
  onClose,
  cancelHref,
  name,
  blocked,
  error,
}: {
  open: boolean;
  onClose: () => void;
  cancelHref: string;
  name: string;
  /** Whether the viewer has blocked this member already (the dialog then offers Unblock). */
  blocked: boolean;
  error?: string;
}) {
  const navigation = useNavigation();
  const t = useT();
  const intent = blocked ? "unblock" : "block";
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      busy={busy}
      title={blocked ? t("Unblock {name}?", { name }) : t("Block {name}?", { name })}
      description={
        blocked
          ? t("{name} will be able to message you again, and you them.", { name })
          : t(
              "{name} won't be able to start a conversation with you or send you messages, and you won't be able to message them. Messages already sent stay. You can unblock them later.",
              { name },
            )
      }
    >
      {open && (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value={intent} />
          <FieldError id="block-error" message={error} />
          <div className="flex flex-wrap justify-end gap-3 border-t border-stone-200 pt-4">
            <Link to={cancelHref} replace preventScrollReset defaultShouldRevalidate={false} className="btn btn-secondary" data-autofocus>
              {t("Cancel")}
            </Link>
            <button type="submit" className={blocked ? "btn btn-primary" : "btn btn-danger"} disabled={busy}>
              {blocked ? (busy ? t("Unblocking…") : t("Unblock")) : busy ? t("Blocking…") : t("Block")}
            </button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
