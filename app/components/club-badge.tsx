const TONES = {
  creator: "bg-brand-100 text-brand-800",
  private: "bg-stone-200 text-stone-800",
  pending: "bg-yellow-100 text-yellow-900",
  member: "bg-blue-100 text-blue-900",
} as const;

export function ClubBadge({ tone, children }: { tone: keyof typeof TONES; children: React.ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>;
}
