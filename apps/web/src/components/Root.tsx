import { PRODUCT_NAME } from '@app/shared/constants';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import type { RouteMeta } from '../lib/gates';
import { getRouter } from '../lib/navigation';
import { usePlanModals } from '../lib/plan-modals';
import { NavigationProgress } from './NavigationProgress';
import { NotificationBar } from './NotificationBar';

// The modal frames load only when one of them opens, the toasts' frame with the first toast.
const UpgradePlanModal = lazy(() => import('./plan-modals/UpgradePlanModal'));
const SubscriptionStatusModal = lazy(() => import('./plan-modals/SubscriptionStatusModal'));
const Toasts = lazy(() => import('./Toasts'));

/** The toasts' frame from the first toast on: it then stays, so that toasts leave with their transition. */
function ToastsOnceShown() {
  const { notifications } = useNotifications();
  const [shown, setShown] = useState(false);
  if (!shown && notifications.length > 0) setShown(true);
  return shown ? <Toasts /> : null;
}

/** document.title from the deepest route that declares one (route meta `title`). */
function useDocumentTitle() {
  const matches = useMatches();
  const meta = [...matches].reverse().find((m) => (m.handle as RouteMeta | undefined)?.title)?.handle as RouteMeta | undefined;
  const title = meta?.title;
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}

/**
 * Scroll to the top on every navigation, but for a screen's own change of its address that keeps
 * the place (React Router's preventScrollReset: the budget editor's open tab, ?proposta=).
 */
function useScrollToTop() {
  const { key } = useLocation();
  useEffect(() => {
    if (getRouter()?.state.preventScrollReset) return;
    window.scrollTo(0, 0);
  }, [key]);
}

/** The root view: the router outlet plus the upgrade-plan modal, the subscription-status modal and the notification bar. */
export function Root() {
  useDocumentTitle();
  useScrollToTop();
  const { upgradeOpen, statusOpen } = usePlanModals();
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <Suspense fallback={null}>
        {upgradeOpen && <UpgradePlanModal />}
        {statusOpen && <SubscriptionStatusModal />}
        <ToastsOnceShown />
      </Suspense>
      <NotificationBar />
    </>
  );
}
