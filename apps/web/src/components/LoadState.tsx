/**
 * Where a list or a panel will be: its loading line while the query's pending state is held
 * (lib/pending.ts), then the query's Thai error if it failed, else nothing (the content shows).
 */
export function LoadState({ loading, error, text }: { loading: boolean; error: Error | null; text: string }) {
  if (loading) return <p className="empty-text">{text}</p>;
  if (error)
    return (
      <p className="empty-text" role="alert">
        {error.message}
      </p>
    );
  return null;
}
