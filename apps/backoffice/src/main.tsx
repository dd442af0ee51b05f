import '@fontsource/kanit/thai-400.css';
import '@fontsource/kanit/latin-400.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createRouter, makeQueryClient } from './app/App';
import { useTheme } from './stores/theme';

document.documentElement.dataset.theme = useTheme.getState().theme;
const router = createRouter();
const queryClient = makeQueryClient();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
