import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Where a login or register form leads (the other form, the forgotten-password page): in its page a
 * link, in the header's dialog a switch to the other dialog (`onSwitch`) or a link that closes it.
 */
export interface FormPlace {
  /** The form is in a dialog: close it. */
  close: () => void;
  /** The form is in a dialog: open the other one instead. */
  switchTo: () => void;
}

export function SwitchLink({ to, place, children }: { to: string; place?: FormPlace; children: ReactNode }) {
  if (place) {
    return (
      <button type="button" className="link link--button" onClick={place.switchTo}>
        {children}
      </button>
    );
  }
  return (
    <Link to={to} className="link">
      {children}
    </Link>
  );
}
