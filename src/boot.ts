/**
 * The site's browser entry (index.html). It loads before anything else and stays small: no React, Chakra or
 * i18next.
 *
 * On a pre-rendered page it
 * 1. starts the header intro (SPEC §2, §4 "Header intro") on the server's markup — it only flips attributes;
 * 2. mounts the voice widget (the framework-free one `voiceos.js` ships) in the next task, so the mic works
 *    before and regardless of hydration; a press on it closes the intro popup, or keeps it from opening;
 * 3. loads and hydrates the React app (src/main.tsx) at the visitor's first intent (src/app/hydrateOnIntent.ts),
 *    holding and replaying what they do until it has. A page that has work to do at load (the 404 page logs
 *    its path, SPEC §2) marks itself `data-hydrate="load"` and hydrates at once;
 * 4. once the page is idle, fetches the app's chunks into the HTTP cache ({@link prefetchApp}), so that the
 *    first intent does not wait for the network.
 *
 * Without pre-rendered markup (the client-only build, `vite` dev) the app loads at once and its components start
 * the intro themselves.
 */
import { dismissIntroPopup, findIntroElements, startIntro } from './components/Header/introController'
import { hydrated } from './app/hydration'
import { hydrateOnIntent } from './app/hydrateOnIntent'
import { prefetchApp } from './app/prefetch'
import { splitLocale } from './i18n/locale'
import { nextTask } from './lib/idle'
import { enableFullGlobalStylesOnFirstInput } from './theme/fullGlobalStyles'
import { mountSiteVoiceWidget } from './voice/widget/site'

const loadApp = () => import('./main')
const root = document.getElementById('root')
const prerendered = root?.getAttribute('data-server-rendered') === 'true'

if (root && prerendered) {
  const intro = findIntroElements(document)
  if (intro) startIntro(intro)
  enableFullGlobalStylesOnFirstInput()
  if (document.querySelector('[data-hydrate="load"]')) void loadApp()
  else {
    hydrateOnIntent({ root, load: loadApp, hydrated })
    prefetchApp()
  }
} else {
  void loadApp()
}

// The widget is built in a task of its own: this module's evaluation and the widget's DOM and styles are each a
// short task, not one long one, so the browser can render and answer input in between.
nextTask()
  .then(() =>
    mountSiteVoiceWidget({
      lng: splitLocale(window.location.pathname).lng,
      theme: document.documentElement.classList.contains('dark') ? 'dark' : 'light',
    }),
  )
  // A press on the widget (its clicks reach its host element) means the visitor has found it: the intro popup,
  // there to point them to it, is not wanted on top of the consent notice or the call.
  .then((widget) => widget.shadowRoot.host.addEventListener('click', () => dismissIntroPopup(document), { once: true }))
  .catch((error: unknown) => console.error('[boot] the voice widget could not load', error))
