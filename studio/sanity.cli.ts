import { defineCliConfig } from 'sanity/cli';

// Placeholders keep `sanity build` and `sanity schema validate` working offline; a real project sets the env.
export default defineCliConfig({
  api: {
    projectId: process.env.SANITY_STUDIO_PROJECT_ID || 'puppynest',
    dataset: process.env.SANITY_STUDIO_DATASET || 'production',
  },
  // The commerce server serves the built Studio under /studio. Setting basePath in defineConfig as well
  // would make the Studio redirect to /studio/studio.
  project: { basePath: '/studio' },
  deployment: { autoUpdates: false },
});
