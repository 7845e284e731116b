const SIZES = {
  sm: "h-10 w-10 text-lg",
  md: "h-16 w-16 text-2xl",
  lg: "h-24 w-24 text-4xl",
} as const;

/** A member's picture, or the first letter of their name on a coloured disc. */
export function Avatar({ src, name, size = "md" }: { src: string | null; name: string; size?: keyof typeof SIZES }) {
  const initial = name.trim().charAt(0).toUpperCase() || "?";
  if (src) {
    return <img src={src} alt="" width={96} height={96} className={`${SIZES[size]} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span aria-hidden="true" className={`${SIZES[size]} flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-serif font-bold text-white`}>
      {initial}
    </span>
  );
}
