/** Shown by routes whose screen is not built yet. */
export function Placeholder({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl p-8 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-500">This screen is coming soon.</p>
    </section>
  );
}
