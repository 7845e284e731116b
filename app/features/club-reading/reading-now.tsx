import { formatCalendarDay } from "@worker/core/shared/date-format";
import { mediaUrl } from "@worker/core/shared/media-url";
import { msg } from "@worker/core/shared/translate";
import type { ClubReading, MilestoneView } from "@worker/features/club-reading/club-book";
import type { CopiesPage, CopyView } from "@worker/features/club-reading/copies";
import { Form, Link } from "react-router";
import { useT } from "~/core/i18n";
import { useReader } from "~/core/use-reader";
import { BookCover, coverAlt } from "~/features/books";
import { BorrowButton } from "~/features/loans";

const AVAILABILITY: Record<CopyView["availability"], string> = { available: msg("Available"), lent: msg("Lent"), promised: msg("Promised") };

/** One milestone: its day, how far along the club is (counts; names only of those who share), and the member's own mark. */
function Milestone({
  clubId,
  milestone,
  memberCount,
  canMark,
  locale,
}: {
  clubId: string;
  milestone: MilestoneView;
  memberCount: number;
  canMark: boolean;
  locale: string;
}) {
  const t = useT();
  const { mine } = milestone;
  return (
    <li className="space-y-1 rounded-lg border border-stone-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-medium">
          <bdi>{milestone.label}</bdi>
          {milestone.dueOn && (
            <span className="font-normal text-stone-700">{` · ${t("by {date}", { date: formatCalendarDay(milestone.dueOn, locale) })}`}</span>
          )}
        </p>
        <p className="text-sm text-stone-700">
          {t("{done, number} of {count, plural, one {# member} other {# members}}", { done: milestone.doneCount, count: memberCount })}
        </p>
      </div>
      {milestone.sharedBy.length > 0 && (
        <p className="text-sm text-stone-700">
          {t("Done: {names}", { names: new Intl.ListFormat(locale, { style: "short", type: "unit" }).format(milestone.sharedBy.map((who) => who.name)) })}
        </p>
      )}
      {canMark && (
        <Form method="post" action={`/clubs/${clubId}/reading/progress`} preventScrollReset className="flex flex-wrap items-center gap-3 pt-1">
          <input type="hidden" name="milestoneId" value={milestone.milestoneId} />
          <input type="hidden" name="intent" value={mine.done ? "unmark" : "mark"} />
          {mine.done ? (
            <span className="text-sm font-medium text-green-800">✓ {t("You've read this")}</span>
          ) : (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="shared" defaultChecked={mine.shared} />
              {t("Show my name")}
            </label>
          )}
          {/* The milestone's name is heard with the button, so each one says which milestone it marks. */}
          <button type="submit" className="btn btn-secondary">
            {mine.done ? t("Unmark") : t("Mark as read")}
            <span className="sr-only">{`(${milestone.label})`}</span>
          </button>
        </Form>
      )}
    </li>
  );
}

/**
 * Where a copy is, in the club page's one set of words: "Shared into this club" is exactly what the
 * page's shelf of that name lists; a member's other copies are "A member's copy".
 */
function copyPlace(copy: CopyView) {
  if (copy.sharedHere) return msg("Shared into this club");
  return copy.inClub ? msg("A member's copy") : msg("In the library");
}

function Copy({ copy }: { copy: CopyView }) {
  const t = useT();
  let action: React.ReactNode;
  if (copy.isMine) action = <span className="text-sm text-stone-700">{t("Your copy")}</span>;
  else if (copy.membersOnly) action = <span className="text-sm text-stone-700">{t("Members only")}</span>;
  else if (copy.availability === "available") action = <BorrowButton bookId={copy.bookId} owner={copy.owner.name} />;
  else
    action = (
      // The book page's own waitlist form: a plain post lands on the book with the member's place in line.
      <form method="post" action={`/books/${copy.bookId}`} className="contents">
        <input type="hidden" name="intent" value="join-waitlist" />
        <input type="hidden" name="bookId" value={copy.bookId} />
        <button type="submit" className="btn btn-secondary">
          {t("Join the waitlist")}
        </button>
      </form>
    );
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <Link dir="auto" to={`/books/${copy.bookId}`} className="font-medium text-brand-700 hover:underline">
          {copy.owner.name}
        </Link>
        <p className="text-sm text-stone-700">{`${t(copyPlace(copy))} · ${t(AVAILABILITY[copy.availability])}`}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">{action}</div>
    </li>
  );
}

/**
 * The club page's "Reading now": the club's book, its finish date and milestones with how far along
 * the club is, the member's own marks (plain forms: they work before the script loads), the shelf
 * history's link, and who owns a copy with "Borrow from {owner}" or the waitlist.
 */
export function ReadingNow({ reading, copies, copiesOffset }: { reading: ClubReading; copies: CopiesPage; copiesOffset: number }) {
  const t = useT();
  const { locale } = useReader();
  const { clubId, current } = reading;
  const more = copies.nextToken ? `?copies=${copies.nextToken}#copies` : null;
  return (
    <section id="reading-now" aria-labelledby="reading-now-heading" className="card space-y-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reading-now-heading" className="font-serif text-2xl font-semibold">
          {t("Reading now")}
        </h2>
        <div className="flex flex-wrap gap-3 text-sm font-medium">
          <Link to={`/clubs/${clubId}/shelf`} className="text-brand-700 hover:underline">
            {t("Shelf history")}
          </Link>
          {reading.canManage && (
            <Link to={`/clubs/${clubId}/reading`} className="text-brand-700 hover:underline">
              {current ? t("Change book or schedule") : t("Set the club's book")}
            </Link>
          )}
        </div>
      </div>
      {!current ? (
        <p className="text-stone-700">{t("The club has not chosen a book yet.")}</p>
      ) : (
        <>
          <div className="flex gap-4">
            <BookCover src={mediaUrl(current.cover)} title={current.title} alt={coverAlt(t, current.title, current.author)} className="w-20 shrink-0" />
            <div className="min-w-0 space-y-1">
              <p dir="auto" className="font-serif text-xl font-semibold break-words">
                {current.title}
              </p>
              {current.author && (
                <p dir="auto" className="text-stone-800">
                  {current.author}
                </p>
              )}
              {current.finishBy && <p className="text-sm text-stone-700">{t("Finish by {date}", { date: formatCalendarDay(current.finishBy, locale) })}</p>}
            </div>
          </div>
          {reading.milestones.length > 0 && (
            <ol className="space-y-2" aria-label={t("Milestones")}>
              {reading.milestones.map((milestone) => (
                <Milestone
                  key={milestone.milestoneId}
                  clubId={clubId}
                  milestone={milestone}
                  memberCount={reading.memberCount}
                  canMark={reading.canMark}
                  locale={locale}
                />
              ))}
            </ol>
          )}
          <div id="copies" className="space-y-2">
            <h3 className="font-serif text-lg font-semibold">{t("Who owns a copy")}</h3>
            {copies.items.length === 0 ? (
              <p className="text-sm text-stone-700">{t("Nobody in the library has this book yet.")}</p>
            ) : (
              <ul className="divide-y divide-stone-200">
                {copies.items.map((copy) => (
                  <Copy key={copy.bookId} copy={copy} />
                ))}
              </ul>
            )}
            {(more || copiesOffset > 0) && (
              <p className="flex gap-4 text-sm font-medium">
                {copiesOffset > 0 && (
                  <Link to="?#copies" className="text-brand-700 hover:underline">
                    {t("First copies")}
                  </Link>
                )}
                {more && (
                  <Link to={more} className="text-brand-700 hover:underline">
                    {t("More copies ({total, number} in all)", { total: copies.total })}
                  </Link>
                )}
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
