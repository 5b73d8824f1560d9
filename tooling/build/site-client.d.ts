/** The site folder's browser entry, as vite.config.ts aliases it for the dev pages (dev-client.ts). */
declare module 'sitecharts:site-client';
