/** Shown by routes whose screen is not built yet. */
export function Placeholder({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-2 text-slate-500 dark:text-slate-400">This screen is coming soon.</p>
    </section>
  );
}
