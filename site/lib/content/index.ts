// The site's door to the content functions, which live in content-source/ (#content/*) because the API
// serves them too (decision 0071). Pages import from here; the build reads its content settings from its
// own environment (SANITY_*, CONTENT_DIR), parsed by the same contentSettingsFromEnv as the API's config.
export * from '#content/index.ts';
