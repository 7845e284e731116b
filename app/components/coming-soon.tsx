// Literal class names, so Tailwind's scanner sees them.
const VARIANTS = { primary: "btn btn-primary", secondary: "btn btn-secondary", danger: "btn btn-danger" } as const;

interface Action {
  label: string;
  variant?: keyof typeof VARIANTS;
}

/**
 * Actions whose feature is not built yet: shown, so the page matches the spec, but disabled and
 * described by a visible "Coming soon" note instead of pretending to work.
 */
export function ComingSoonActions({ id, actions, className = "" }: { id: string; actions: Action[]; className?: string }) {
  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`}>
      {actions.map(({ label, variant = "secondary" }) => (
        <button key={label} type="button" className={VARIANTS[variant]} disabled aria-describedby={id}>
          {label}
        </button>
      ))}
      <span id={id} className="text-sm text-stone-700">
        Coming soon
      </span>
    </div>
  );
}
