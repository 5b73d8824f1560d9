import type { ReactNode } from 'react';
import { DosingPage } from './pages/Dosing';
import { GalleryPage } from './pages/Gallery';
import { HomePage } from './pages/Home';
import { LanguagePage } from './pages/Language';
import { NotFoundPage } from './pages/NotFound';
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
];

/** Served with status 404 for any address that is not a page or a file. */
export const notFoundPage: PageDefinition = {
  path: '/404.html',
  title: `Page not found | ${site.name}`,
  description: 'The page you asked for is not here.',
  render: () => <NotFoundPage />,
};
