import type { RouteRecord } from 'vite-react-ssg'
import { LANGUAGES, langPrefix } from '../i18n'
import { NotFoundPage } from '../pages/NotFound'
import { SiteLayout } from './SiteLayout'

/**
 * The site's pages, relative to a language root. `404` is a real path so `dist/404.html` is pre-rendered.
 * A fresh array per language: React Router stamps ids onto route objects, so sharing one array between the
 * language trees makes their ids collide and hydration fail.
 */
const pages = (): RouteRecord[] => [
  { index: true, lazy: () => import('../pages/Home').then((m) => ({ Component: m.HomePage })) },
  { path: 'pricing', lazy: () => import('../pages/Pricing').then((m) => ({ Component: m.PricingPage })) },
  { path: 'feedback', lazy: () => import('../pages/Feedback').then((m) => ({ Component: m.FeedbackPage })) },
  { path: 'waitlist', lazy: () => import('../pages/Waitlist').then((m) => ({ Component: m.WaitlistPage })) },
  { path: '404', Component: NotFoundPage },
  { path: '*', Component: NotFoundPage },
]

/** One route tree per language: English at `/`, others under `/<lng>` (pre-rendered for SEO). */
export const routes: RouteRecord[] = LANGUAGES.map((lng) => ({
  path: langPrefix(lng) || '/',
  element: <SiteLayout lng={lng} />,
  children: pages(),
}))

/** Language-neutral paths of the indexable pages (sitemap.xml, e2e tests). */
export const PAGE_PATHS = ['/', '/pricing', '/feedback', '/waitlist'] as const
