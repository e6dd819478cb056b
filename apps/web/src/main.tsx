import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/i18n';
import { Providers } from './app/providers';
import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
