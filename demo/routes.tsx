import type { ReactNode } from 'react';
import { DonatePage } from './pages/Donate';
import { ContactPage } from './pages/Contact';
import { AboutPage } from './pages/About';
import { DosingPage } from './pages/Dosing';
import { GalleryPage } from './pages/Gallery';
import { HomePage } from './pages/Home';
import { LanguagePage } from './pages/Language';
import { NewsPage } from './pages/News';
import { NotFoundPage } from './pages/NotFound';
import { SdkConfigPage } from './pages/SdkConfig';
import { VideosPage } from './pages/Videos';
import { WidgetsGalleryPage } from './pages/WidgetsGallery';
import { TeamPage } from './pages/Team';
import { ServicesPage } from './pages/Services';
import { ServicesArabicPage } from './pages/ServicesArabic';
import { site } from './site';

/** One prerendered page: its route, its head, its body. */
export interface PageDefinition {
  path: string;
  title: string;
  description: string;
  render(): ReactNode;
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

export const pages: PageDefinition[] = [
  {
    path: '/',
    title: `${site.name}: ${site.tagline}`,
    description: 'Nurse-led home care, a day centre and family support for children with long-term illness in Port Ellery.',
    render: () => <HomePage />,
  },
  {
    path: '/dosing/',
    title: `Dosing by weight | ${site.name}`,
    description: 'Find a child’s dose of acetaminophen or ibuprofen by weight in pounds.',
    render: () => <DosingPage />,
  },
  {
    path: '/donate/',
    title: `Donate | ${site.name}`,
    description: 'Give by card to nurse-led care for children with long-term illness in Port Ellery.',
    render: () => <DonatePage />,
  },
  {
    path: '/news/',
    title: `News | ${site.name}`,
    description: 'Events, care and volunteering news from Harbourlight Children’s Care.',
    render: () => <NewsPage />,
  },
  {
    path: '/team/',
    title: `Meet the team | ${site.name}`,
    description: 'The nurses, therapists and volunteers of Harbourlight, and how a referral works.',
    render: () => <TeamPage />,
  },
  {
    path: '/services/',
    title: `Our services | ${site.name}`,
    description: 'Nursing at home, the Harbour Room day centre, family support, short breaks and bereavement care.',
    render: () => <ServicesPage />,
  },
  {
    path: '/ar/',
    title: `خدماتنا | ${site.name}`,
    description: 'تمريض في المنزل، ومركز نهاري، ودعم للعائلة كلها.',
    lang: 'ar',
    dir: 'rtl',
    render: () => <ServicesArabicPage />,
  },
  {
    path: '/contact/',
    title: `Contact us | ${site.name}`,
    description: 'Write to the Harbourlight care team: questions about home care, the day centre or family support.',
    render: () => <ContactPage />,
  },
  {
    path: '/about/',
    title: `About us | ${site.name}`,
    description: 'Who we are, our history, what a home visit looks like, and how to volunteer.',
    render: () => <AboutPage />,
  },
  {
    path: '/gallery/',
    title: `Gallery | ${site.name}`,
    description: 'Photos, a slideshow of the summer outing and family stories from Harbourlight.',
    render: () => <GalleryPage />,
  },
  {
    path: '/language/',
    title: `Select a language | ${site.name}`,
    description: 'The languages this site and our nurses can speak with your family.',
    render: () => <LanguagePage />,
  },
  {
    path: '/developers/sdk/',
    title: `Payment SDK configuration | ${site.name}`,
    description: 'How the site reads the payment provider’s script tag: the resolved configuration, and the message when a rule is broken.',
    render: () => <SdkConfigPage />,
  },
  {
    path: '/videos/',
    title: `Videos | ${site.name}`,
    description: 'Short films and a bedtime chime from the day centre, and our videos on YouTube and Vimeo.',
    render: () => <VideosPage />,
  },
  {
    path: '/widgets/',
    title: `Widgets gallery | ${site.name}`,
    description: 'Every widget of the site with its settings, its statechart, its spec sections and where it is live.',
    render: () => <WidgetsGalleryPage />,
  },
];

/** Served with status 404 for any address that is not a page or a file. */
export const notFoundPage: PageDefinition = {
  path: '/404.html',
  title: `Page not found | ${site.name}`,
  description: 'The page you asked for is not here.',
  render: () => <NotFoundPage />,
};
