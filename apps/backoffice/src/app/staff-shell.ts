/**
 * The signed-in console's code (StaffShell.tsx), a chunk of its own: the login screen loads only the
 * entry. Asked for as soon as it will be needed — at start-up in a tab that still has its session
 * (main.tsx), once the login's first step is filled in (LoginPage) — so it is usually there by the
 * time App.tsx shows it.
 */
export const loadStaffShell = () => import('./StaffShell');
