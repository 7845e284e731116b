import { Link } from "react-router";
import { useShell } from "../root";
import type { Route } from "./+types/login";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Sign in — BookClub" },
    { name: "description", content: "Sign in to BookClub to share your books, borrow from neighbours and join book clubs." },
  ];
}

const STEPS = [
  { title: "Upload a cover", text: "Photograph a book's cover; the title and author are detected for you." },
  { title: "Swap with friends", text: "Lend, borrow and give away books with friends and neighbours." },
  { title: "Search your groups", text: "Find books within your clubs and the community library." },
];

export default function Login() {
  const shell = useShell();
  return (
    <div className="mx-auto grid max-w-4xl gap-8 py-6 md:grid-cols-2">
      <section className="card space-y-6 p-6">
        <h1 className="font-serif text-3xl font-bold">Sign in to BookClub</h1>
        {shell?.signIn.google ? (
          <form method="post" action="/auth/google">
            <button type="submit" className="btn btn-secondary w-full">
              Continue with Google
            </button>
          </form>
        ) : (
          !shell?.signIn.dev && <p className="text-stone-700">Sign-in is not configured on this server yet.</p>
        )}
        <p className="text-sm text-stone-700">
          New here? Browse the <Link to="/library" className="text-brand-700 underline">library</Link> first.
        </p>
      </section>
      <section aria-labelledby="how-it-works" className="space-y-4">
        <h2 id="how-it-works" className="font-serif text-2xl font-semibold">
          How it works
        </h2>
        <ol className="space-y-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="card flex gap-4 p-4">
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="text-sm text-stone-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
