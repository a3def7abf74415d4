import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './index.css';
import { startTheme } from './lib/theme.ts';

startTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element to render the app into');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
