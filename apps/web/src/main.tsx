import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { router } from './router';
import './styles/global.css';
import { seedBootData } from './lib/bootData';
import { queryClient } from './lib/queryClient';
import { applyPreloadedStylesheets } from './lib/stylesheets';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
seedBootData(queryClient);

void applyPreloadedStylesheets().then(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
