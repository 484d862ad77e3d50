import '@mantine/core/styles.css';
import './app.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadProfile } from './lib/auth-actions';
import { setRouter } from './lib/navigation';
import { onNavigationStart } from './lib/notification';
import { queryClient } from './lib/query-client';
import { isLoggedIn } from './lib/session';
import { refreshSubscription } from './lib/subscription';
import { TRPCProvider, trpcClient } from './lib/trpc';
import { createAppRouter } from './router';
import { theme } from './theme';

// Section 2, on start: with a stored token the user is logged in, the profile is loaded and the
// subscription info fetched (the first navigation's plan gate waits for that same call).
if (isLoggedIn()) {
  void loadProfile();
  void refreshSubscription();
}

const router = createAppRouter();
setRouter(router);

// Section 8: errors are cleared when the next navigation starts (not by its own redirects).
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
