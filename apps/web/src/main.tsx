import '@fontsource/kanit/thai-300.css';
import '@fontsource/kanit/thai-400.css';
import '@fontsource/kanit/thai-500.css';
import '@fontsource/kanit/latin-300.css';
import '@fontsource/kanit/latin-400.css';
import '@fontsource/kanit/latin-500.css';
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/App';
import { boot } from './app/startup';

// The persisted stores and the start-up payload first, then the router, which starts loading the
// route's page code at once.
boot();
const router = createAppRouter();
const root = createRoot(document.getElementById('root')!);
// As a transition React renders the first screen in short slices, not one long task.
startTransition(() => {
  root.render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
});
