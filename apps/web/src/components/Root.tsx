import { PRODUCT_NAME } from '@app/shared/constants';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import type { RouteMeta } from '../lib/gates';
import { usePlanModals } from '../lib/plan-modals';
import { NavigationProgress } from './NavigationProgress';
import { NotificationBar } from './NotificationBar';

// The modal frames load only when one of them opens.
const UpgradePlanModal = lazy(() => import('./plan-modals/UpgradePlanModal'));
const SubscriptionStatusModal = lazy(() => import('./plan-modals/SubscriptionStatusModal'));
const Toasts = lazy(() => import('./Toasts'));

/** document.title from the deepest route that declares one (route meta `title`). */
function useDocumentTitle() {
  const matches = useMatches();
  const meta = [...matches].reverse().find((m) => (m.handle as RouteMeta | undefined)?.title)?.handle as RouteMeta | undefined;
  const title = meta?.title;
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}

/** Scroll to the top on every navigation. */
function useScrollToTop() {
  const { key } = useLocation();
  useEffect(() => {
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
        <Toasts />
      </Suspense>
      <NotificationBar />
    </>
  );
}
