/** The demo organisation (fictional) and the facts every page's shell shows. */
export const site = {
  name: 'Harbourlight Children’s Care',
  shortName: 'Harbourlight',
  tagline: 'Nurse-led care for children and the families who love them',
  phone: '(555) 014-2290',
  email: 'hello@harbourlight.example',
  address: ['18 Quay Lane', 'Port Ellery, ME 04000'],
  hours: ['Monday to Friday, 8 am – 6 pm', 'Saturday, 9 am – 1 pm'],
  /** Where the sitemap and canonical links point; set SITE_URL at build time for a real host. */
  url: (process.env.SITE_URL ?? 'http://127.0.0.1:4173').replace(/\/$/, ''),
  ajaxUrl: '/ajax',
  /** Issue 30: the zone a date written in a page (`date="2027-02-06 10:00"`) is read in: Port Ellery, Maine. */
  timeZone: 'America/New_York',
} as const;

export interface NavItem {
  href: string;
  label: string;
}
