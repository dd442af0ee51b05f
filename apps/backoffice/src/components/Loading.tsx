import { errorMessage } from '../lib/api';

/** What stands where a read's answer will be: "loading", or the read's Thai error once it failed. */
export function Loading(props: { error: unknown }) {
  return <p className="loading">{props.error ? errorMessage(props.error) : 'กำลังโหลด…'}</p>;
}
