/**
 * The platform's API origin, the one place it is written. A leaf module (no imports) so that the loader, the widget,
 * the engine, the chat and the REST client can all share it without bundling each other.
 * @module
 */

/**
 * Vapi's API origin, no trailing slash: the default base of every request this product sends (REST client, web call
 * creation, web chat). Source: the `servers` entry of the vendored OpenAPI document (`openapi/vapi-openapi.json`);
 * SPEC §9 "Default API base is the provider's API host".
 */
export const DEFAULT_BASE_URL = 'https://api.vapi.ai'
