/** The version of the `voiceos` package (packages/voiceos/package.json; a unit test keeps the two equal). Semver. */
export const VERSION = '1.0.0'
