/**
 * Links and names that depend on the deployment. Change them here only.
 * The manual and the documents list are served by the app itself (features/help) so that they work
 * offline and in both languages; point them elsewhere by changing these constants.
 */
export const PRODUCT_NAME = 'EDC';
export const MANUAL_PATH = '/help/manual';
export const DOCUMENTS_PATH = '/help/documents';
/** Other services of the provider shown as tabs on the registration frame (label key, absolute URL). */
export const PROVIDER_SERVICES: ReadonlyArray<{ labelKey: string; href: string }> = [];
/** Local-storage key of the interface language chosen while signed out. */
export const LANGUAGE_STORAGE = 'edcLanguage';
