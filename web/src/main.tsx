import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchLikelyRoutes } from './app/prefetch';
import { reportCaughtError } from './app/route-errors';
import { installChunkReload } from './lib/chunk-reload';
import { loadTagManager } from './lib/tag-manager';
import './styles/global.css';

installChunkReload();
createRoot(document.getElementById('root')!, { onCaughtError: reportCaughtError }).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
prefetchLikelyRoutes();
window.addEventListener('load', loadTagManager, { once: true });
