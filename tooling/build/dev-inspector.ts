/**
 * `npm run dev`'s entry for the offline inspector's page (/__inspect/): React Fast Refresh's
 * preamble, then the inspector app, as dev-client.ts does for the site's pages.
 */
import '@vitejs/plugin-react/preamble';
import '../../runtime/inspector-app/main';
