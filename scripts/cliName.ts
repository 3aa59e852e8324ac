/**
 * How a person runs the setup CLI, for its help and messages: `npx voiceos` from the published package (its
 * build, scripts/package.ts, defines `process.env.VOICEOS_PACKAGE_VERSION`), `npm run assistant --` from this
 * repository.
 */
const packageVersion = process.env.VOICEOS_PACKAGE_VERSION

/** The command line before a subcommand: `npx voiceos` or `npm run assistant --`. */
export const CLI = packageVersion ? 'npx voiceos' : 'npm run assistant --'

/** The package's version when this is the published CLI, else undefined. */
export const PACKAGE_VERSION: string | undefined = packageVersion

/**
 * Where the snippet's script tag points by default in the published CLI: the package's loader on jsDelivr, at
 * its major version (README "Add it to your site"); undefined in this repository (the site's own `/embed/`).
 */
export const PACKAGE_EMBED_SRC: string | undefined = packageVersion
  ? `https://cdn.jsdelivr.net/npm/voiceos@${packageVersion.split('.')[0]}/dist/voiceos.js`
  : undefined
