import type { ReactNode } from 'react';

/** The dark band at the top of each inner public page, holding the page's one h1. */
export function PageHero({ eyebrow, title, lead }: { eyebrow: string; title: ReactNode; lead: ReactNode }) {
  return (
    <section className="bg-ink-900 text-white">
      <div className="mx-auto max-w-5xl px-4 py-14 text-center sm:px-6 md:py-20">
        <p className="text-sm font-semibold tracking-wide text-brand-400 uppercase">{eyebrow}</p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-5 max-w-3xl text-lg text-slate-300">{lead}</p>
      </div>
    </section>
  );
}
