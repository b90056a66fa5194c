/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Public origin of the site, e.g. https://reelsmith.example (build time). */
  readonly PUBLIC_SITE_URL?: string;
  /** Origin of the intake API when it is hosted apart from the pages (build time). */
  readonly PUBLIC_API_BASE?: string;
}
