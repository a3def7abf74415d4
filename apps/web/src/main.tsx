import './lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './index.css';
import { startLanguage } from './i18n/language.ts';
import { startTheme } from './lib/theme.ts';

startTheme();
startLanguage();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element to render the app into');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
