import '@mantine/core/styles.css';
import './app.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { setRouter } from './lib/navigation';
import { onNavigationStart } from './lib/notification';
import { createDataLayer } from './lib/query-client';
import { TRPCProvider } from './lib/trpc';
import { createAppRouter } from './router';
import { theme } from './theme';

// With a stored token the first navigation's guard loads the profile and the subscription info.
const { queryClient, trpcClient, trpc } = createDataLayer();
const router = createAppRouter({ queryClient, trpc });
setRouter(router);

// Errors are cleared when the next navigation starts (not by its own redirects).
let navigationState = router.state.navigation.state;
router.subscribe((state) => {
  const next = state.navigation.state;
  if (navigationState === 'idle' && next !== 'idle' && state.initialized) onNavigationStart();
  navigationState = next;
});

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
