import type { PageService } from '../services';
import { burgerMenu } from './burger-menu';
import { curtainFooter } from './curtain-footer';
import { scrollTopLink, stickyHeader } from './header';
import { scrollSpy } from './scroll-spy';
import { smoothScroll } from './smooth-scroll';
import { whereFound } from './where-found';

/** Page behaviours that only some pages use: their modules load only where their elements are (issue 35). */
export const parallax = whereFound('[data-parallax]', { name: 'parallax' }, () => import('./parallax').then((m) => m.parallax));
export const waypoints = whereFound('[data-waypoint]', { name: 'waypoints', starts: 'after-boot' }, () => import('./waypoints').then((m) => m.waypoints));
/**
 * Rows of equal heights are rare (the demo has one, on /about/): a page without any no longer
 * carries the equaliser and its machine in its entry (0.3 KB, which made room for issue 51's report
 * button within the phone's 40 KB before interaction).
 */
export const heightEqualiser = whereFound('[data-equal-heights]', { name: 'height-equaliser' }, () => import('./height-equaliser').then((m) => m.heightEqualiser));
export const tooltips = whereFound('[data-tooltip]', { name: 'tooltips', starts: 'after-boot' }, () => import('./tooltips').then((m) => m.tooltips));

/**
 * The page behaviours of issue 6, in start order: the burger counts the menu's items, so it starts
 * after any service that adds one (register these after the Language link).
 */
export const pageBehaviours: readonly PageService[] = [
  stickyHeader,
  scrollTopLink,
  burgerMenu,
  smoothScroll,
  scrollSpy,
  parallax,
  curtainFooter,
  heightEqualiser,
  waypoints,
  tooltips,
];
