import { useId } from "react";

/** One card of the profile page, named by its heading. */
export function ProfileSection({ title, id, children }: { title: string; id?: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className="card space-y-3 p-5">
      <h2 id={headingId} className="font-serif text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
