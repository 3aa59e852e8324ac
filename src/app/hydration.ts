let resolveHydrated: () => void = () => {}

/**
 * Resolves once React has hydrated (or, client-only, rendered) the site and run its first effects: the app's
 * event handlers are attached. src/boot.ts waits for it to hand over what the visitor did before.
 */
export const hydrated: Promise<void> = new Promise<void>((resolve) => {
  resolveHydrated = resolve
})

/** Marks the site as hydrated ({@link hydrated}); called by `SiteLayout`'s first effect. Idempotent. */
export function markHydrated(): void {
  resolveHydrated()
}
