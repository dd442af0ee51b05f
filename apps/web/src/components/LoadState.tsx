/**
 * Where a list or a panel will be: its loading line while the query's pending state is held
 * (lib/pending.ts), then the query's Thai error if it failed, else nothing (the content shows).
 * The error reads as the empty line's text, or as a form alert (`alert`) on the pages that say so.
 */
export function LoadState({
  loading,
  error,
  text,
  alert,
}: {
  loading: boolean;
  error: Error | null;
  text: string;
  alert?: boolean;
}) {
  if (loading) return <p className="empty-text">{text}</p>;
  if (error)
    return (
      <p className={alert ? 'form-alert' : 'empty-text'} role="alert">
        {error.message}
      </p>
    );
  return null;
}
