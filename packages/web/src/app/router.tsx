import { createBrowserRouter, type RouteObject } from 'react-router';
import { PRODUCT_KEYS } from '@netloom/domain';
import { paths } from '@/paths';
import { registerNavigator } from '@/lib/navigation';
import {
  revalidateOnNavigation,
  authGuard,
  consoleGuard,
  guestOnlyGuard,
  indexLoader,
  rootLoader,
  superAdminGuard,
  supportDeskGuard,
  tenantGuard,
} from './guards/loaders';
import { ConsoleLayout } from './shell/console-layout';
import { RootLayout } from './root-layout';
import { Splash } from './splash';
import { NotFoundPage } from './pages/not-found-page';
import { SomethingWentWrongPage } from './pages/something-went-wrong-page';
import { LoadingPage } from './pages/loading-page';
import { productRoutes, topLevelSections } from './routes/product-routes';
import { redirectRoute, redirectTo } from './routes/redirect-route';

/**
 * Route table of spec 000 §2.1–2.2. The shell and the error pages load with the app; every page
 * module loads when its route is first visited (React Router `lazy`), so a first load carries
 * the shell and the page it opens, not the whole console.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    loader: rootLoader,
    element: <RootLayout />,
    HydrateFallback: Splash,
    errorElement: <SomethingWentWrongPage />,
    children: [
      { index: true, ...redirectRoute(indexLoader) },
      // Before 'auth': the client's sign-in stays open once signed in (it then shows the enrolment), guests included.
      {
        path: 'auth/microZAccess',
        lazy: () => import('@/features/auth/pages/microzaccess-page').then((m) => ({ Component: m.MicroZAccessPage })),
      },
      {
        path: 'auth',
        loader: authGuard,
        lazy: () => import('./routes/visitor-pages-route').then((m) => ({ Component: m.VisitorPagesRoute })),
        children: [
          { index: true, ...redirectTo(paths.auth.login) },
          { path: 'login', lazy: () => import('@/features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })) },
          { path: 'sign-up', lazy: () => import('@/features/auth/pages/sign-up-page').then((m) => ({ Component: m.SignUpPage })) },
          { path: 'sso', lazy: () => import('@/features/auth/pages/sso-page').then((m) => ({ Component: m.SsoPage })) },
          { path: 'free-trial', lazy: () => import('@/features/auth/pages/free-trial-page').then((m) => ({ Component: m.FreeTrialPage })) },
          {
            path: 'social-signup',
            lazy: () => import('@/features/auth/pages/social-sign-up-page').then((m) => ({ Component: m.SocialSignUpPage })),
          },
          {
            path: 'forgotPassword',
            lazy: () => import('@/features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
          },
        ],
      },
      { path: 'login', ...redirectTo(paths.auth.login) },
      { path: 'sign-up', ...redirectTo(paths.auth.signUp) },
      { path: 'forgotPassword', ...redirectTo(paths.auth.forgotPassword) },
      { path: 'resetpwd', lazy: () => import('@/features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })) },
      { path: 'activate', lazy: () => import('@/features/auth/pages/activate-page').then((m) => ({ Component: m.ActivatePage })) },
      {
        path: 'microzaccess-client',
        loader: guestOnlyGuard,
        lazy: () => import('@/features/client/pages/guest-client-page').then((m) => ({ Component: m.GuestClientPage })),
      },
      { path: '404', element: <NotFoundPage /> },
      { path: 'something-went-wrong', element: <SomethingWentWrongPage /> },
      {
        loader: consoleGuard,
        shouldRevalidate: revalidateOnNavigation,
        element: <ConsoleLayout />,
        children: [
          { path: 'loading', element: <LoadingPage /> },
          {
            path: 'announcements',
            lazy: () => import('@/features/announcements/pages/announcements-page').then((m) => ({ Component: m.AnnouncementsPage })),
          },
          { path: 'settings', ...redirectTo(paths.settings.profile) },
          { path: 'settings/profile', lazy: () => import('@/features/profile/pages/profile-page').then((m) => ({ Component: m.ProfilePage })) },
          {
            path: 'user-queries',
            loader: superAdminGuard,
            shouldRevalidate: revalidateOnNavigation,
            lazy: () => import('@/features/support/pages/user-queries-page').then((m) => ({ Component: m.UserQueriesPage })),
          },
          {
            path: 'support/desk',
            loader: supportDeskGuard,
            shouldRevalidate: revalidateOnNavigation,
            lazy: () => import('@/features/support/pages/support-desk-page').then((m) => ({ Component: m.SupportDeskPage })),
          },
          {
            path: 'support-chat',
            loader: supportDeskGuard,
            shouldRevalidate: revalidateOnNavigation,
            lazy: () => import('@/features/chat/pages/support-chat-page').then((m) => ({ Component: m.SupportChatPage })),
          },
          {
            path: 'superAdmin',
            loader: superAdminGuard,
            shouldRevalidate: revalidateOnNavigation,
            children: [
              { index: true, ...redirectTo(paths.superAdmin.tenant) },
              { path: 'tenant', lazy: () => import('./routes/tenant-list-route').then((m) => ({ Component: m.TenantListRoute })) },
              {
                path: 'tenant/:tenantId/monitor',
                lazy: () => import('@/features/organisations/pages/tenant-monitor-page').then((m) => ({ Component: m.TenantMonitorPage })),
              },
              { path: 'customers', lazy: () => import('@/features/organisations/pages/customers-page').then((m) => ({ Component: m.CustomersPage })) },
              { path: 'announcements', lazy: () => import('./routes/admin-announcements-route').then((m) => ({ Component: m.AdminAnnouncementsRoute })) },
              { path: 'waf-pops', lazy: () => import('@/features/waf/pages/shared-pops-page').then((m) => ({ Component: m.SharedPopsPage })) },
            ],
          },
          {
            loader: tenantGuard,
            shouldRevalidate: revalidateOnNavigation,
            children: [
              ...PRODUCT_KEYS.map(productRoutes),
              ...topLevelSections,
              {
                path: 'settings/dashboard-settings',
                lazy: () => import('@/features/tenant-settings/pages/tenant-settings-page').then((m) => ({ Component: m.TenantSettingsPage })),
              },
              {
                path: 'settings/organisation',
                lazy: () => import('./routes/organisation-settings-route').then((m) => ({ Component: m.OrganisationSettingsRoute })),
              },
              {
                path: 'settings/single-sign-on',
                lazy: () => import('@/features/sso/pages/sso-settings-page').then((m) => ({ Component: m.SsoSettingsPage })),
              },
              { path: 'tenant-settings', ...redirectTo(paths.settings.dashboardSettings) },
              // Raise a Ticket: the spec's support/ticketRaise and support/ticket/{method} (the built-in helpdesk).
              { path: 'support/ticketRaise', lazy: () => import('@/features/support/pages/raise-ticket-page').then((m) => ({ Component: m.RaiseTicketPage })) },
              {
                path: 'support/ticket/:method',
                lazy: () => import('@/features/support/pages/raise-ticket-page').then((m) => ({ Component: m.RaiseTicketPage })),
              },
              {
                path: 'support/ticket/helpdesk/trackTicket',
                lazy: () => import('@/features/support/pages/track-tickets-page').then((m) => ({ Component: m.TrackTicketsPage })),
              },
            ],
          },
        ],
      },
      { path: '*', ...redirectTo(paths.notFound) },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigator((to, opts) => void router.navigate(to, opts));
  return router;
}
