import '@fontsource/kanit/thai-400.css';
import '@fontsource/kanit/latin-400.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createRouter } from './app/App';
import { loadStaffShell } from './app/staff-shell';
import { useSession } from './stores/session';
import { useTheme } from './stores/theme';

document.documentElement.dataset.theme = useTheme.getState().theme;
// A tab that still has its session goes straight to the signed-in console: its code is asked for now.
if (useSession.getState().token) void loadStaffShell();
const router = createRouter();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
