import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { PRODUCT_KEYS } from '@netloom/domain';
import { paths } from '@/paths';
import { registerNavigator } from '@/lib/navigation';
import { LoginPage } from '@/features/auth/pages/login-page';
import { SignUpPage } from '@/features/auth/pages/sign-up-page';
import { ForgotPasswordPage } from '@/features/auth/pages/forgot-password-page';
import { ResetPasswordPage } from '@/features/auth/pages/reset-password-page';
import { ActivatePage } from '@/features/auth/pages/activate-page';
import { GuestClientPage } from '@/features/client/pages/guest-client-page';
import { AnnouncementsPage } from '@/features/announcements/pages/announcements-page';
import { ProfilePage } from '@/features/profile/pages/profile-page';
import { TenantSettingsPage } from '@/features/tenant-settings/pages/tenant-settings-page';
import { OrganisationSettingsPage } from '@/features/organisations/pages/organisation-settings-page';
import { TenantMonitorPage } from '@/features/organisations/pages/tenant-monitor-page';
import { CustomersPage } from '@/features/organisations/pages/customers-page';
import { TenantListRoute } from './routes/organisation-routes';
import { SettingsPlaceholderPage } from '@/features/settings/pages/settings-placeholder-page';
import {
  revalidateOnNavigation,
  authGuard,
  consoleGuard,
  guestOnlyGuard,
  indexLoader,
  rootLoader,
  superAdminGuard,
  tenantGuard,
} from './guards/loaders';
import { ConsoleLayout } from './shell/console-layout';
import { RootLayout } from './root-layout';
import { Splash } from './splash';
import { NotFoundPage } from './pages/not-found-page';
import { SomethingWentWrongPage } from './pages/something-went-wrong-page';
import { LoadingPage } from './pages/loading-page';
import { productRoutes, topLevelSections } from './routes/product-routes';
import { galleryRoutes } from './gallery/gallery-route';

/** Route table of spec 000 §2.1–2.2. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    loader: rootLoader,
    element: <RootLayout />,
    HydrateFallback: Splash,
    errorElement: <SomethingWentWrongPage />,
    children: [
      { index: true, loader: indexLoader },
      {
        path: 'auth',
        loader: authGuard,
        children: [
          { index: true, loader: () => redirect(paths.auth.login) },
          { path: 'login', element: <LoginPage /> },
          { path: 'sign-up', element: <SignUpPage /> },
          { path: 'forgotPassword', element: <ForgotPasswordPage /> },
        ],
      },
      { path: 'login', loader: () => redirect(paths.auth.login) },
      { path: 'sign-up', loader: () => redirect(paths.auth.signUp) },
      { path: 'forgotPassword', loader: () => redirect(paths.auth.forgotPassword) },
      { path: 'resetpwd', element: <ResetPasswordPage /> },
      { path: 'activate', element: <ActivatePage /> },
      { path: 'microzaccess-client', loader: guestOnlyGuard, element: <GuestClientPage /> },
      { path: '404', element: <NotFoundPage /> },
      ...galleryRoutes,
      { path: 'something-went-wrong', element: <SomethingWentWrongPage /> },
      {
        loader: consoleGuard,
        shouldRevalidate: revalidateOnNavigation,
        element: <ConsoleLayout />,
        children: [
          { path: 'loading', element: <LoadingPage /> },
          { path: 'announcements', element: <AnnouncementsPage /> },
          { path: 'settings', loader: () => redirect(paths.settings.profile) },
          { path: 'settings/profile', element: <ProfilePage /> },
          {
            path: 'superAdmin',
            loader: superAdminGuard,
            shouldRevalidate: revalidateOnNavigation,
            children: [
              { index: true, loader: () => redirect(paths.superAdmin.tenant) },
              { path: 'tenant', element: <TenantListRoute /> },
              { path: 'tenant/:tenantId/monitor', element: <TenantMonitorPage /> },
              { path: 'customers', element: <CustomersPage /> },
            ],
          },
          {
            loader: tenantGuard,
            shouldRevalidate: revalidateOnNavigation,
            children: [
              ...PRODUCT_KEYS.map(productRoutes),
              ...topLevelSections,
              { path: 'settings/dashboard-settings', element: <TenantSettingsPage /> },
              { path: 'settings/organisation', element: <OrganisationSettingsPage /> },
              { path: 'tenant-settings', loader: () => redirect(paths.settings.dashboardSettings) },
              { path: 'support/*', element: <SettingsPlaceholderPage title="Support" empty="No Status Available" /> },
              { path: 'user-queries', element: <SettingsPlaceholderPage title="User Queries" empty="No Status Available" /> },
            ],
          },
        ],
      },
      { path: '*', loader: () => redirect(paths.notFound) },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigator((to, opts) => void router.navigate(to, opts));
  return router;
}
