/**
 * The extractor on real published markup (tests/fixtures/site-search/published/README.md names each page's
 * generator, version and source): WordPress 6.5.2 with its default theme Twenty Twenty-Four, and Sphinx 5.3.0
 * with its own theme and with the Read the Docs theme. Main content only, split by headings with their anchors,
 * the page's language, its title without the site's name, and its crawl directives.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  extractPage,
  isListingPath,
  SEARCH_PAGE_MAX_CHARS,
  LISTING_LINK_SHARE,
  LISTING_MIN_LINKS,
  SOURCE_LISTING_CODE_SHARE,
  SOURCE_LISTING_MIN_CHARS,
  type ExtractedPage,
} from '../../../scripts/site-index/extract'

const DIR = join(import.meta.dirname, '../../fixtures/site-search/published')
const extract = (file: string, url: string): ExtractedPage => extractPage(readFileSync(join(DIR, file), 'utf8'), url)
const allText = (page: ExtractedPage) => page.sections.map((s) => `${s.heading}\n${s.text}`).join('\n')
const outline = (page: ExtractedPage) => page.sections.map((s) => [s.level, s.heading, s.anchor])

describe('WordPress 6.5.2, Twenty Twenty-Four', () => {
  const post = extract('wordpress-twentytwentyfour/hello-world.html', 'https://blog.example/hello-world/')
  const page = extract(
    'wordpress-twentytwentyfour/start-using-wordpress-playground-in-5-minutes.html',
    'https://blog.example/wordpress-playground/start-using-wordpress-playground-in-5-minutes/',
  )

  it('a post keeps its own words and drops the header, the footer, the comments and the comment form', () => {
    const text = allText(post)
    expect(text).toContain('Welcome to WordPress. This is your first post. Edit or delete it, then start writing!')
    // The comment list is longer than the post: Readability alone took it for the article.
    expect(text).not.toContain('Hi, this is a comment.')
    expect(text).not.toContain('Leave a Reply')
    expect(text).not.toContain('Post Comment')
    // Header (site title) and footer (its menus and copyright line).
    expect(text).not.toContain('My WordPress Website')
    expect(text).not.toContain('#meta-playground on Slack')
    expect(text).not.toContain('Copyright © 2024')
    expect(text).not.toContain('Skip to content')
  })

  it('a page is split at its h1 and h2 headings, in order, with the text under each', () => {
    expect(page.title).toBe('Start using WordPress Playground in 5 minutes')
    // The <main> landmark is the main content: its h1 (the post's title) opens the first section.
    expect(page.sections.map((s) => s.heading)).toEqual([
      'Start using WordPress Playground in 5 minutes',
      'Start a new WordPress site',
      'Try a block, a theme, or a plugin',
      'Save your site',
      'Restore a saved site',
      'Use a specific WordPress or PHP version',
      'Import a WXR file',
      'Build apps with WordPress Playground',
    ])
    expect(page.sections.every((s, i) => s.level === (i === 0 ? 1 : 2))).toBe(true)
    expect(page.listing).toBe(false)
    expect(page.sections[0]!.text).toContain('WordPress Playground can help you with any of the following:')
    const save = page.sections.find((s) => s.heading === 'Save your site')!
    expect(save.text).toContain('you can export it as a zip file')
    expect(save.text).not.toContain('restore the site you saved')
    // Block-theme headings carry no id and nothing around them does: no anchor is invented.
    expect(page.sections.every((s) => s.anchor === '')).toBe(true)
    expect(allText(page)).not.toContain('Documentation\nAPI Reference')
  })

  it('takes the title without the site name, the language from lang="en-US", and the canonical URL', () => {
    expect(post.title).toBe('Hello world!')
    expect(post.lang).toBe('en')
    // WordPress writes a root-relative canonical link; it resolves against the page's URL.
    expect(post.canonical).toBe('https://blog.example/hello-world/')
    // Its robots meta is `max-image-preview:large`: not a noindex.
    expect(post.noindex).toBe(false)
  })

  it('keeps the links of the whole page for a crawl, without nofollow ones or fragments', () => {
    expect(post.links).toContain('https://blog.example/category/uncategorized/')
    expect(post.links).toContain('https://blog.example/author/admin/')
    // The comment's reply link (rel=nofollow) and its author link (rel="external nofollow ugc") are not followed.
    expect(post.links.some((l) => l.includes('replytocom'))).toBe(false)
    expect(post.links).not.toContain('https://wordpress.org/')
    expect(post.links.every((l) => !l.includes('#'))).toBe(true)
  })
})

describe('Sphinx 5.3.0, sphinx13 theme (the Sphinx documentation)', () => {
  const faq = extract('sphinx/faq.html', 'https://docs.example/faq.html')
  const ext = extract('sphinx/githubpages.html', 'https://docs.example/usage/extensions/githubpages.html')

  it('splits by headings with the anchors of their sections, and without the ¶ permalinks', () => {
    expect(outline(faq)).toEqual([
      [1, 'Sphinx FAQ', 'sphinx-faq'],
      [2, 'How do I…', 'how-do-i'],
      // Sphinx puts a label's empty <span id> before this heading: the section's id is still the anchor.
      [2, 'Using Sphinx with…', 'using-sphinx-with'],
      [2, 'Sphinx vs. Docutils', 'sphinx-vs-docutils'],
      [2, 'Epub info', 'epub-info'],
      [2, 'Texinfo info', 'texinfo-info'],
      [3, 'Displaying Links', 'displaying-links'],
      [3, 'Notes', 'notes'],
    ])
    expect(allText(faq)).not.toContain('¶')
    expect(faq.sections.find((s) => s.anchor === 'using-sphinx-with')!.text).toContain(
      'Read the Docs is a documentation hosting service based around Sphinx.',
    )
  })

  it('drops the related bar, the sidebar with its search box and the footer', () => {
    const text = allText(faq)
    expect(text).not.toContain('On this page')
    expect(text).not.toContain('Created using')
    expect(text).not.toContain('the Sphinx developers')
    expect(text).not.toMatch(/^Navigation$/m)
    expect(text).not.toMatch(/^Go$/m)
  })

  it('takes the title without " — Sphinx documentation", and the canonical URL on the project\'s own site', () => {
    expect(faq.title).toBe('Sphinx FAQ')
    expect(ext.title).toBe('sphinx.ext.githubpages – Publish HTML docs in GitHub Pages')
    expect(faq.lang).toBe('en')
    expect(faq.canonical).toBe('https://www.sphinx-doc.org/en/master/faq.html')
    expect(ext.canonical).toBe('https://www.sphinx-doc.org/en/master/usage/extensions/githubpages.html')
    expect(faq.noindex).toBe(false)
    expect(allText(ext)).toContain('This extension creates .nojekyll file on generated HTML directory')
  })
})

describe('Sphinx, Read the Docs theme (the attrs 22.2.0 documentation)', () => {
  const why = extract('sphinx-rtd/why.html', 'https://docs.example/why.html')
  const hashing = extract('sphinx-rtd/hashing.html', 'https://docs.example/hashing.html')

  it('splits by headings with their anchors', () => {
    expect(outline(hashing)).toEqual([
      [1, 'Hashing', 'hashing'],
      [2, 'Hash Method Generation', 'hash-method-generation'],
      [2, 'Hashing and Mutability', 'hashing-and-mutability'],
      [2, 'Hash Code Caching', 'hash-code-caching'],
    ])
    expect(outline(why).slice(0, 6)).toEqual([
      [1, 'Why not…', 'why-not'],
      [2, '… Data Classes?', 'data-classes'],
      [2, '… pydantic?', 'pydantic'],
      [2, '… namedtuples?', 'namedtuples'],
      [2, '… tuples?', 'tuples'],
      [3, 'Readability', 'readability'],
    ])
    expect(hashing.sections[3]!.text).toContain('Some objects have hash codes which are expensive to compute.')
  })

  it('drops the navigation menu, the previous/next buttons and the footer', () => {
    const text = allText(hashing)
    expect(text).not.toContain('On The Core API Names')
    expect(text).not.toContain('How Does It Work?')
    expect(text).not.toMatch(/\bPrevious\b/)
    expect(text).not.toContain('Copyright 2022, Hynek Schlawack')
    expect(text).not.toContain('Built with')
    expect(text).not.toContain('Read the Docs')
  })

  it('takes the title without the project name, the language, and no canonical where there is none', () => {
    expect(why.title).toBe('Why not…')
    expect(hashing.title).toBe('Hashing')
    expect(hashing.lang).toBe('en')
    expect(hashing.canonical).toBeNull()
    expect(hashing.noindex).toBe(false)
  })
})

describe('the main landmark when Readability keeps too little of it', () => {
  it('a short Sphinx page keeps its heading and its anchor', () => {
    const ext = extract('sphinx/githubpages.html', 'https://docs.example/usage/extensions/githubpages.html')
    expect(outline(ext)).toEqual([
      [1, 'sphinx.ext.githubpages – Publish HTML docs in GitHub Pages', 'module-sphinx.ext.githubpages'],
    ])
  })

  it("a page of cards (the shape of this site's pricing page) keeps every card with its heading", () => {
    const card = (id: string, name: string, price: string, line: string) =>
      `<li><article aria-labelledby="${id}"><div><h2 id="${id}">${name}</h2><p>${price}</p></div><div><p>${line}</p></div><div><button type="button" disabled>Coming Soon</button></div></article></li>`
    const html = `<!doctype html><html lang="en"><head><title>Pricing | Shop</title></head><body><header><nav><a href="/">Home</a></nav></header><main><div><h1>Pricing</h1><p>We're finishing the plans with our first sites. Join the waitlist and get early access for free.</p></div><ul>${card('plan-community', 'Community', 'Free', 'For individuals and small projects.')}${card('plan-pro', 'Pro', 'Coming Soon', 'For growing businesses and advanced features.')}${card('plan-enterprise', 'Enterprise', 'Contact Us', 'For large organizations with custom needs.')}</ul></main><footer>© Shop</footer></body></html>`
    const page = extractPage(html, 'https://shop.example/pricing')
    expect(outline(page)).toEqual([
      [1, 'Pricing', ''],
      [2, 'Community', 'plan-community'],
      [2, 'Pro', 'plan-pro'],
      [2, 'Enterprise', 'plan-enterprise'],
    ])
    expect(page.sections[1]!.text).toContain('Free\nFor individuals and small projects.')
    expect(allText(page)).not.toContain('Home')
    expect(allText(page)).not.toContain('© Shop')
  })
})

describe('words of side-by-side links and buttons', () => {
  it('stay apart when the markup has no space between them, and punctuation stays on its word', () => {
    const html = `<!doctype html><html lang="en"><head><title>Feedback | Shop</title></head><body><main><h1>Feedback</h1><p>Tell us what you think, or <a href="/docs">read the docs</a>.</p><div><a href="/issues/new">Report an Issue</a><a href="/ideas/new">Suggest an Idea</a><button type="button">Contact us</button></div><p>Sold by <b>Voice</b>OS.</p></main></body></html>`
    const text = allText(extractPage(html, 'https://shop.example/feedback'))
    expect(text).toContain('Tell us what you think, or read the docs.')
    expect(text).toContain('Report an Issue Suggest an Idea Contact us')
    expect(text).toContain('Sold by VoiceOS.')
  })
})

const doc = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`
const prose = (topic: string, n = 4) =>
  `<p>${`This paragraph explains ${topic} in plain words, with enough detail for a reader to follow along. `.repeat(n)}</p>`

describe('the main content', () => {
  it('is the <main> landmark when there is one, whatever prose stands outside it', () => {
    const html = doc(
      'Returns | Shop',
      `<div class="promo">${prose('our winter catalogue', 8)}</div><main><h1>Returns</h1><p>Send it back within 30 days.</p></main>`,
    )
    const page = extractPage(html, 'https://shop.example/returns')
    expect(outline(page)).toEqual([[1, 'Returns', '']])
    expect(page.sections[0]!.text).toBe('Send it back within 30 days.')
    expect(allText(page)).not.toContain('winter catalogue')
    expect(page.title).toBe('Returns')
  })

  it('is the role="main" landmark when there is no <main>', () => {
    const html = doc(
      'Delivery | Shop',
      `<div>${prose('gift wrapping', 8)}</div><div role="main"><h1>Delivery</h1><p>We deliver to Pune.</p></div>`,
    )
    const page = extractPage(html, 'https://shop.example/delivery')
    expect(allText(page)).toContain('We deliver to Pune.')
    expect(allText(page)).not.toContain('gift wrapping')
  })

  it("is the main heading's parent when it holds at least half the page's text", () => {
    const html = doc(
      'Install — Acme Docs',
      `<div class="brand"><h1>Acme Docs</h1><p>Version 2.1</p></div><div class="document"><h1 id="install">Install</h1>${prose('installing the package')}<h2 id="upgrade">Upgrade</h2>${prose('upgrading')}</div><div class="related"><p>Related pages and more reading</p></div>`,
    )
    const page = extractPage(html, 'https://docs.example/install.html')
    // The title's first part names the h1; the other h1 is the site's name.
    expect(page.title).toBe('Install')
    expect(outline(page)).toEqual([
      [1, 'Install', 'install'],
      [2, 'Upgrade', 'upgrade'],
    ])
    expect(allText(page)).not.toContain('Acme Docs')
    expect(allText(page)).not.toContain('Version 2.1')
    expect(allText(page)).not.toContain('Related pages')
  })

  it("avoids an h1 that is the site's name when the title names no h1", () => {
    const html = doc(
      'Setup guide | Acme Docs',
      `<div class="brand"><h1>Acme Docs</h1></div><div class="document"><h1 id="setting-up">Setting up</h1>${prose('setting up the widget')}</div>`,
    )
    const page = extractPage(html, 'https://docs.example/setup.html')
    expect(page.sections[0]!.heading).toBe('Setting up')
    expect(allText(page)).not.toContain('Acme Docs')
  })

  it("keeps an article's own header with its h1 (Docusaurus 3) and drops the page's banner header", () => {
    // The shape of a Docusaurus 3 doc page: the title's h1 in a header inside the article's Markdown container.
    const html = doc(
      'Getting started | Acme Docs',
      `<header class="site-header"><p>Acme Docs: ship faster</p></header><div id="__docusaurus"><nav class="navbar"><a href="/">Acme</a></nav><main class="docMainContainer"><article><nav class="theme-doc-breadcrumbs"><a href="/">Docs</a></nav><div class="theme-doc-markdown markdown"><header><h1>Getting started</h1></header><p>Plug in the sensor.</p><h2 id="setup">Setup<a href="#setup" class="hash-link" aria-label="Direct link to Setup">&#8203;</a></h2><p>Run the installer.</p></div><footer class="theme-doc-footer"><a href="/edit">Edit this page</a></footer></article></main></div>`,
    )
    const page = extractPage(html, 'https://docs.acme.example/getting-started')
    expect(outline(page)).toEqual([
      [1, 'Getting started', ''],
      [2, 'Setup', 'setup'],
    ])
    expect(page.sections[0]!.text).toBe('Plug in the sensor.')
    expect(allText(page)).not.toContain('ship faster')
    expect(allText(page)).not.toContain('Edit this page')
  })

  // The banner's markup is CookieLawInfo's (WordPress "GDPR Cookie Consent"), as sites publish it after the footer.
  const banner =
    '<div id="cookie-law-info-bar" data-nosnippet="true"><span>We use cookies to give you the best experience. <a role="button" id="cookie_action_close_header" class="cli_action_button">Accept</a></span></div>'

  it('drops a cookie banner beside the content, and keeps the sections and entries named after cookies', () => {
    // The shape of Python 3.11's http.cookies page (Sphinx, Python's theme): the section holding the whole page is
    // named after the module, its entries after their objects.
    const html = doc(
      'http.cookies — HTTP state management — Python 3.11.2 documentation',
      `<div class="body" role="main"><section id="module-http.cookies"><h1>http.cookies — HTTP state management</h1>${prose('cookie state management', 3)}<section id="cookie-objects"><h2>Cookie Objects</h2><dl class="py method"><dt class="sig sig-object py" id="http.cookies.BaseCookie.value_decode">BaseCookie.value_decode(val)</dt><dd><p>Return a tuple (real_value, coded_value) from a string representation.</p></dd></dl></section></section></div>${banner}`,
    )
    const page = extractPage(html, 'https://docs.python.org/3.11/library/http.cookies.html')
    expect(outline(page)).toEqual([
      [1, 'http.cookies — HTTP state management', 'module-http.cookies'],
      [2, 'Cookie Objects', 'cookie-objects'],
    ])
    expect(allText(page)).toContain('BaseCookie.value_decode(val)')
    expect(allText(page)).not.toContain('We use cookies')
  })

  it('keeps a post whose own classes name cookies, and drops the banner of a page without landmarks', () => {
    // WordPress writes a post's tags and categories into its article's classes.
    const post = extractPage(
      doc(
        'Brown butter cookies – Bake Club',
        `<article class="post-12 post type-post tag-cookies category-cookie-recipes"><h1>Brown butter cookies</h1>${prose('brown butter cookies', 4)}</article>${banner}`,
      ),
      'https://bake.example/brown-butter-cookies/',
    )
    expect(allText(post)).toContain('brown butter cookies')
    expect(allText(post)).not.toContain('We use cookies')
    // No main, role="main" or article: the banner goes, the h1's section stays.
    const plain = extractPage(
      doc('Opening hours', `<div class="text"><h1>Opening hours</h1>${prose('the opening hours', 4)}</div>${banner}`),
      'https://shop.example/hours',
    )
    expect(allText(plain)).toContain('the opening hours')
    expect(allText(plain)).not.toContain('We use cookies')
  })

  it('still reads malformed HTML: unclosed tags, no </head>, </body> or </html>', () => {
    // (An unclosed <title> would swallow the document, in a browser too: its text runs to </title>.)
    const html = `<html lang="en"><head><title>Broken page</title><body><main><h1>Umbrellas<p>Our umbrellas keep you dry<div><p>In every <b>storm <i>and drizzle<p>Ask in store`
    const page = extractPage(html, 'https://shop.example/broken')
    expect(page.sections.length).toBeGreaterThan(0)
    const text = allText(page)
    expect(text).toContain('umbrellas keep you dry')
    expect(text).toContain('Ask in store')
    expect(page.lang).toBe('en')
  })
})

describe('listing pages', () => {
  const links = (n: number, prefix = 'term') =>
    Array.from({ length: n }, (_, i) => `<li><a href="/${prefix}-${i}.html">${prefix} number ${i}</a></li>`).join('')

  it(`a main content of at least ${LISTING_MIN_LINKS} links, ${LISTING_LINK_SHARE * 100}% of its text or more, is a listing`, () => {
    const dense = extractPage(
      doc('Index | Docs', `<main><h1>Index</h1><ul>${links(LISTING_MIN_LINKS)}</ul></main>`),
      'https://docs.example/all-terms.html',
    )
    expect(dense.listing).toBe(true)
    // It is still indexed: its sections are kept.
    expect(dense.sections.length).toBeGreaterThan(0)
  })

  it('fewer links, or links among prose, are no listing', () => {
    const few = extractPage(
      doc('Index | Docs', `<main><h1>Index</h1><ul>${links(LISTING_MIN_LINKS - 1)}</ul></main>`),
      'https://docs.example/all-terms.html',
    )
    expect(few.listing).toBe(false)
    const inProse = extractPage(
      doc('Guide | Docs', `<main><h1>Guide</h1>${prose('the guide', 12)}<ul>${links(LISTING_MIN_LINKS)}</ul></main>`),
      'https://docs.example/guide.html',
    )
    expect(inProse.listing).toBe(false)
  })

  it(`a generated view of source code (${SOURCE_LISTING_MIN_CHARS}+ characters in <pre>, ${SOURCE_LISTING_CODE_SHARE * 100}% of the text) is a listing`, () => {
    // Sphinx's viewcode page as Django's documentation ships it: "Source code for django.views.decorators.cache".
    const viewcode = extract(
      'sphinx-django/viewcode-cache.html',
      'https://docs.example/_modules/django/views/decorators/cache.html',
    )
    expect(viewcode.title).toContain('django.views.decorators.cache')
    expect(viewcode.listing).toBe(true)
    // A page that explains code with examples is not one; nor is a short example alone.
    const code = (n: number) => `<pre>${'cache_page(60 * 15)\n'.repeat(n)}</pre>`
    expect(
      extractPage(
        doc('Caching | Docs', `<main><h1>Caching</h1>${prose('caching', 12)}${code(60)}</main>`),
        'https://docs.example/cache.html',
      ).listing,
    ).toBe(false)
    expect(
      extractPage(
        doc('Example | Docs', `<main><h1>Example</h1>${code(20)}</main>`),
        'https://docs.example/example.html',
      ).listing,
    ).toBe(false)
    expect(
      extractPage(
        doc('Example | Docs', `<main><h1>Example</h1>${code(80)}</main>`),
        'https://docs.example/example.html',
      ).listing,
    ).toBe(true)
    // Licence texts or examples each in its own block are not one view of a source file.
    expect(
      extractPage(
        doc('Licence | Docs', `<main><h1>Licence</h1>${code(30)}${code(30)}${code(30)}</main>`),
        'https://docs.example/license.html',
      ).listing,
    ).toBe(false)
  })

  it("a generator's listing path is a listing whatever its content", () => {
    const body = `<main><h1>Refunds</h1>${prose('refunds')}</main>`
    expect(extractPage(doc('Refunds', body), 'https://docs.example/genindex.html').listing).toBe(true)
    expect(extractPage(doc('Refunds', body), 'https://blog.example/tags/refunds/').listing).toBe(true)
    expect(extractPage(doc('Refunds', body), 'https://docs.example/help/refunds.html').listing).toBe(false)
    for (const path of ['/genindex.html', '/py-modindex.html', '/category/news/', '/blog/page/2/', '/2024/05/'])
      expect(isListingPath(path)).toBe(true)
    for (const path of ['/', '/help/refunds', '/pricing.html', '/blog/my-first-post/', '/search.html'])
      expect(isListingPath(path)).toBe(false)
  })

  it(`a page at a search path is the site's search page only when it says little (≤ ${SEARCH_PAGE_MAX_CHARS} characters)`, () => {
    // Sphinx's generated search page and a reference page that happens to be named search.html, both as Django's
    // documentation ships them.
    const searchPage = extract('sphinx-django/search.html', 'https://docs.example/search.html')
    expect(searchPage.sections.length === 0 || searchPage.listing).toBe(true)
    const article = extract('sphinx-django/topics-db-search.html', 'https://docs.example/topics/db/search.html')
    expect(article.title).toBe('Search')
    expect(article.sections.map((s) => s.text).join(' ')).toContain('full text search')
    expect(article.listing).toBe(false)
    // Served without its extension, the same rule.
    const short = doc('Search | Docs', `<main><h1>Search</h1><p>Type words to search the site.</p></main>`)
    expect(extractPage(short, 'https://docs.example/search/').listing).toBe(true)
    expect(extractPage(short, 'https://docs.example/help/search-tips.html').listing).toBe(false)
    const long = doc('Search | Docs', `<main><h1>Search</h1>${prose('search', 30)}</main>`)
    expect(extractPage(long, 'https://docs.example/search/').listing).toBe(false)
  })
})
