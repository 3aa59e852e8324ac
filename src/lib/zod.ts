import { z } from 'zod'

// zod 4 probes `new Function` to decide whether to JIT-compile object schemas. The site's Content-Security-Policy
// has no 'unsafe-eval', so the probe is blocked and reported as a violation: run zod without JIT. Import `z`
// from here, never from 'zod' directly, so the setting is applied before any schema is built.
z.config({ jitless: true })

export { z }
